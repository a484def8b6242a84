-- Notifications become codes with parameters, written in the reader's language when read (issue 13;
-- packages/domain notifications/texts.ts). The rows stored so far hold the Spanish and English
-- sentences the API wrote: each is recognised by its Spanish title and its parameters read back
-- from its Spanish body. A row that matches none keeps its sentences.
UPDATE notifications
  SET code = 'welcome', params = '{}', title = NULL, body = NULL
  WHERE code IS NULL AND title ->> 'es' = 'Bienvenido a Despacho'
    AND body ->> 'es' = 'Tu cuenta demo está lista. Si tienes dudas, contacta a un asesor desde el dashboard.';
--> statement-breakpoint
UPDATE notifications
  SET code = 'verification_approved', params = '{}', title = NULL, body = NULL
  WHERE code IS NULL AND title ->> 'es' = 'Tu cuenta está verificada'
    AND body ->> 'es' = 'Revisamos tus documentos y tu cuenta quedó verificada.';
--> statement-breakpoint
UPDATE notifications
  SET code = 'verification_rejected',
      params = jsonb_build_object('reason', substring(body ->> 'es'
        FROM '^Motivo: (.*)\. Corrige tus documentos y envíalos de nuevo\.$')),
      title = NULL, body = NULL
  WHERE code IS NULL AND title ->> 'es' = 'Tu verificación fue rechazada'
    AND body ->> 'es' ~ '^Motivo: .*\. Corrige tus documentos y envíalos de nuevo\.$';
--> statement-breakpoint
UPDATE notifications
  SET code = 'guide_cancelled',
      params = jsonb_build_object('tracking_number', substring(body ->> 'es'
        FROM '^La paquetería confirmó la cancelación de la guía (.+); el reembolso está en tu saldo\.$')),
      title = NULL, body = NULL
  WHERE code IS NULL AND title ->> 'es' = 'Guía cancelada'
    AND body ->> 'es' ~ '^La paquetería confirmó la cancelación de la guía .+; el reembolso está en tu saldo\.$';
--> statement-breakpoint
-- The body quoted staff's answer, the same in both languages.
UPDATE notifications
  SET code = 'support_answer', params = jsonb_build_object('excerpt', body ->> 'es'),
      title = NULL, body = NULL
  WHERE code IS NULL AND title ->> 'es' = 'Un asesor respondió tu mensaje'
    AND body ->> 'es' = body ->> 'en';
--> statement-breakpoint
-- "Acreditamos $net a tu saldo por tu depósito [SPEI] de $amount[ (clave de rastreo K)].[ Se
-- descontó la comisión de $fee …]": amounts back to centavos.
WITH parsed AS (
  SELECT organization_id, id, regexp_match(body ->> 'es',
    '^Acreditamos (\$[0-9,]+\.[0-9]{2}) a tu saldo por tu depósito(?: SPEI)? de (\$[0-9,]+\.[0-9]{2})(?: \(clave de rastreo ([^)]+)\))?\.(?: Se descontó la comisión de (\$[0-9,]+\.[0-9]{2}) \(IVA incluido\) de los depósitos menores a \$500\.00\.)?$'
  ) AS m
  FROM notifications
  WHERE code IS NULL AND title ->> 'es' = 'Depósito acreditado'
)
UPDATE notifications n
  SET code = 'deposit_credited',
      params = jsonb_build_object(
        'amount', (translate(p.m[2], '$,', '')::numeric * 100)::bigint,
        'net', (translate(p.m[1], '$,', '')::numeric * 100)::bigint,
        'fee', coalesce((translate(p.m[4], '$,', '')::numeric * 100)::bigint, 0),
        'tracking_key', p.m[3]),
      title = NULL, body = NULL
  FROM parsed p
  WHERE n.organization_id = p.organization_id AND n.id = p.id AND p.m IS NOT NULL;
--> statement-breakpoint
-- "Rechazamos tu depósito [SPEI] de $amount[ (clave de rastreo K)]. Motivo: R. Nada se acreditó…"
WITH parsed AS (
  SELECT organization_id, id, regexp_match(body ->> 'es',
    '^Rechazamos tu depósito(?: SPEI)? de (\$[0-9,]+\.[0-9]{2})(?: \(clave de rastreo ([^)]+)\))?\. Motivo: (.*)\. Nada se acreditó a tu saldo\.$'
  ) AS m
  FROM notifications
  WHERE code IS NULL AND title ->> 'es' = 'Depósito rechazado'
)
UPDATE notifications n
  SET code = 'deposit_rejected',
      params = jsonb_build_object(
        'amount', (translate(p.m[1], '$,', '')::numeric * 100)::bigint,
        'tracking_key', p.m[2],
        'reason', p.m[3]),
      title = NULL, body = NULL
  FROM parsed p
  WHERE n.organization_id = p.organization_id AND n.id = p.id AND p.m IS NOT NULL;
