import { useEffect, useEffectEvent, useRef } from 'react';
import type { ShipmentCreateData } from '@despacho/domain';
import type { UseFormReturn } from 'react-hook-form';
import type { WizardValues } from './components/wizard/model';
import { shipmentDraft, type ShipmentDraft } from './shipment-draft';

/**
 * Keeps the create-shipment wizard's draft (shipment-draft.ts). A `draft` read when the page
 * opened is reopened through `resume` once `ready` (the origin locations are known). From then
 * on, and from the moment the merchant leaves the first step, every change is written, until
 * the guide is bought (`done`). `discard()` forgets it, for starting over.
 */
export function useDraftKeeping({
  draft,
  form,
  active,
  saveCustomer,
  done,
  ready,
  resume,
}: {
  draft: ShipmentDraft | null;
  form: UseFormReturn<WizardValues, unknown, ShipmentCreateData>;
  active: number;
  saveCustomer: boolean;
  done: boolean;
  ready: boolean;
  resume: (step: number) => Promise<void>;
}) {
  const resuming = useRef(draft !== null);
  const keeping = useRef(draft !== null);

  const reopen = useEffectEvent((step: number) =>
    resume(step).finally(() => {
      resuming.current = false;
    }),
  );
  useEffect(() => {
    if (draft && ready && resuming.current) void reopen(draft.step);
  }, [draft, ready]);

  useEffect(() => {
    if (done) return;
    if (active > 0) keeping.current = true;
    const keep = () => {
      if (!keeping.current || resuming.current) return;
      shipmentDraft.save({ values: form.getValues(), step: active, saveCustomer });
    };
    keep();
    const subscription = form.watch(keep);
    return () => subscription.unsubscribe();
  }, [form, active, saveCustomer, done]);

  return {
    discard() {
      keeping.current = false;
      resuming.current = false;
      shipmentDraft.clear();
    },
  };
}
