import { notFound } from '../../platform/errors';
import type { DispatchService } from '../exits';
import type { ShipmentsService } from '../shipments';

type Deps = {
  dispatch: Pick<DispatchService, 'get'>;
  shipments: Pick<ShipmentsService, 'label'>;
};

/**
 * Labels staff print at the warehouse: a guide is reached through the exit it ships (any
 * organization's, as the dispatch console sees them) and read under that exit's organization,
 * so no shipment id alone opens another organization's label.
 */
export class StaffLabelsService {
  constructor(private readonly deps: Deps) {}

  async exitLabel(exitId: string) {
    const exit = await this.deps.dispatch.get(exitId);
    if (!exit.guide) throw notFound();
    return this.deps.shipments.label(exit.organization.id, exit.guide.shipment_id, 'pdf');
  }
}
