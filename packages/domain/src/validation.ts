import { z } from 'zod';
import { interpolate, type Language } from './language';

/**
 * Validation messages (spec §5). Schemas name a key as their error (`{ error: 'phone' }`);
 * issues without a key are described from their zod code, so one function localizes
 * every issue the same way on the server and in the forms.
 */
export const VALIDATION_MESSAGES = {
  required: { es: 'Este campo es obligatorio.', en: 'This field is required.' },
  invalid: { es: 'El valor no es válido.', en: 'The value is not valid.' },
  email: { es: 'Ingresa un correo electrónico válido.', en: 'Enter a valid email.' },
  amount_positive: {
    es: 'El monto debe ser mayor a 0.',
    en: 'The amount must be greater than 0.',
  },
  number: { es: 'Ingresa un número.', en: 'Enter a number.' },
  integer: { es: 'Solo se aceptan números enteros.', en: 'Only whole numbers are accepted.' },
  positive: { es: 'Solo se aceptan números positivos.', en: 'Only positive numbers are accepted.' },
  password_rules: {
    es: 'La contraseña debe tener al menos 6 caracteres, con números, mayúsculas, minúsculas y un carácter especial.',
    en: 'The password needs at least 6 characters, with digits, upper case, lower case and a special character.',
  },
  password_mismatch: { es: 'Las contraseñas no coinciden.', en: 'The passwords do not match.' },
  phone: {
    es: 'El teléfono debe tener exactamente 10 dígitos.',
    en: 'The phone must have exactly 10 digits.',
  },
  phone_country_code: {
    es: 'Selecciona una lada válida, por ejemplo +52.',
    en: 'Choose a valid country code, for example +52.',
  },
  postal_code: {
    es: 'El código postal debe tener al menos 5 caracteres.',
    en: 'The postal code must have at least 5 characters.',
  },
  postal_code_digits: {
    es: 'El código postal tiene 5 dígitos.',
    en: 'The postal code has 5 digits.',
  },
  url: { es: 'Ingresa una URL válida.', en: 'Enter a valid URL.' },
  ip_cidr: {
    es: 'Escribe una dirección IP o un bloque CIDR, por ejemplo 203.0.113.0/24.',
    en: 'Enter an IP address or a CIDR block, for example 203.0.113.0/24.',
  },
  company: {
    es: 'La empresa debe tener al menos 5 caracteres.',
    en: 'The company must have at least 5 characters.',
  },
  code_format: { es: 'El código tiene 6 dígitos.', en: 'The code has 6 digits.' },
  min_length: { es: 'Escribe al menos {min} caracteres.', en: 'Enter at least {min} characters.' },
  max_length: { es: 'Escribe máximo {max} caracteres.', en: 'Enter at most {max} characters.' },
  min_number: { es: 'El valor mínimo es {min}.', en: 'The minimum value is {min}.' },
  max_number: { es: 'El valor máximo es {max}.', en: 'The maximum value is {max}.' },
  at_least_one: { es: 'Agrega al menos un elemento.', en: 'Add at least one item.' },
  max_items: { es: 'Agrega máximo {max} elementos.', en: 'Add at most {max} items.' },
  no_duplicates: {
    es: 'No se permiten elementos duplicados.',
    en: 'Duplicate items are not allowed.',
  },
  // Spec §8 Entries: "one product is needed".
  entry_needs_product: {
    es: 'Se necesita al menos un producto en la entrada.',
    en: 'At least one product is needed in the entry.',
  },
  one_of: { es: 'Selecciona una opción válida.', en: 'Choose a valid option.' },
  // A NUL character or half of a UTF-16 surrogate pair: no text can hold them (platform/text-input).
  invalid_text: {
    es: 'El texto contiene caracteres no válidos.',
    en: 'The text contains characters that are not allowed.',
  },
  // Tax information (CFDI 4.0) and deposit data
  rfc: {
    es: 'Ingresa un RFC válido: 12 caracteres para persona moral o 13 para persona física.',
    en: 'Enter a valid RFC: 12 characters for a legal entity or 13 for an individual.',
  },
  rfc_check_digit: {
    es: 'El dígito verificador del RFC no es correcto. Revísalo en tu Constancia de Situación Fiscal.',
    en: 'The RFC check digit is not correct. Check it on your tax status certificate.',
  },
  rfc_person_type: {
    es: 'El RFC no corresponde al tipo de persona: persona moral tiene 12 caracteres y persona física 13.',
    en: 'The RFC does not match the type of person: a legal entity has 12 characters and an individual 13.',
  },
  tax_regime_person_type: {
    es: 'Este régimen fiscal no aplica para el tipo de persona elegido.',
    en: 'This tax regime does not apply to the chosen type of person.',
  },
  cfdi_use_regime: {
    es: 'Este uso de CFDI no es válido para el régimen fiscal elegido.',
    en: 'This CFDI use is not valid for the chosen tax regime.',
  },
  generic_rfc_regime: {
    es: 'Con un RFC genérico el SAT solo acepta el régimen 616 Sin obligaciones fiscales.',
    en: 'With a generic RFC, SAT only accepts regime 616 (no tax obligations).',
  },
  generic_rfc_use: {
    es: 'Con un RFC genérico el SAT solo acepta el uso S01 Sin efectos fiscales.',
    en: 'With a generic RFC, SAT only accepts use S01 (no tax effects).',
  },
  legal_name_suffix: {
    es: 'Escribe la razón social sin el régimen societario (por ejemplo, sin «SA DE CV»), como pide el CFDI 4.0.',
    en: 'Enter the company name without its company type (e.g. without "SA DE CV"), as CFDI 4.0 requires.',
  },
  zip_code: {
    es: 'El código postal fiscal tiene 5 dígitos.',
    en: 'The tax postal code has 5 digits.',
  },
  zip_code_unknown: {
    es: 'Este código postal no existe en México.',
    en: 'This postal code does not exist in Mexico.',
  },
  clabe: { es: 'La CLABE tiene 18 dígitos.', en: 'The CLABE has 18 digits.' },
  clabe_check_digit: {
    es: 'El dígito verificador de la CLABE no es correcto. Revisa que esté bien escrita.',
    en: 'The CLABE check digit is not correct. Check that it is typed correctly.',
  },
  // Packages (settings/packages)
  dimension_decimals: {
    es: 'Usa máximo 2 decimales.',
    en: 'Use at most 2 decimals.',
  },
  weight_decimals: {
    es: 'Usa máximo 3 decimales.',
    en: 'Use at most 3 decimals.',
  },
  sat_unit_code: {
    es: 'Ingresa una clave de unidad del SAT: 2 o 3 letras o números, por ejemplo H87 (Pieza).',
    en: 'Enter a SAT unit key: 2 or 3 letters or digits, for example H87 (piece).',
  },
  sat_product_code: {
    es: 'Ingresa una clave de producto del catálogo Carta Porte del SAT (8 dígitos).',
    en: 'Enter a product code from the SAT Carta Porte catalogue (8 digits).',
  },
  tariff_fraction: {
    es: 'La fracción arancelaria tiene 8 dígitos, o 10 con el NICO, por ejemplo 0101.21.01.00.',
    en: 'The tariff fraction has 8 digits, or 10 with the NICO, for example 0101.21.01.00.',
  },
  tariff_nico_required: {
    es: 'Agrega el NICO: la fracción arancelaria clasificada tiene 10 dígitos.',
    en: 'Add the NICO: a classified tariff fraction has 10 digits.',
  },
  // Shipments (spec §8 shipping messages)
  at_least_one_package: {
    es: 'Debes agregar al menos un paquete.',
    en: 'You must add at least one package.',
  },
  missing_information: {
    es: 'Falta información: cada paquete necesita sus datos y al menos un producto.',
    en: 'Missing information: each package needs its details and at least one product.',
  },
  insurance_max: {
    es: 'El valor declarado asegurable es de máximo $100,000.00 MXN.',
    en: 'The insurable declared value is at most MXN 100,000.00.',
  },
  insurance_invoice_required: {
    es: 'El seguro requiere la factura de venta timbrada: sube el PDF o XML, o escribe su folio fiscal (UUID).',
    en: 'Insurance requires the stamped sales invoice: upload its PDF or XML, or type its fiscal folio (UUID).',
  },
  cfdi_uuid: {
    es: 'El folio fiscal (UUID) tiene 36 caracteres, por ejemplo 5FB2822E-396D-4725-8521-CDC4BDD20CCF.',
    en: 'The fiscal folio (UUID) has 36 characters, for example 5FB2822E-396D-4725-8521-CDC4BDD20CCF.',
  },
  cfdi_substitution_only_01: {
    es: 'Solo el motivo 01 lleva el folio fiscal (UUID) de la factura que sustituye.',
    en: 'Only reason 01 carries the fiscal folio (UUID) of the replacing invoice.',
  },
  // Customers (clients) and vendors (settings/vendors)
  tax_id: {
    es: 'Ingresa un RFC (12 o 13 caracteres) o una CURP (18 caracteres) válidos.',
    en: 'Enter a valid RFC (12 or 13 characters) or CURP (18 characters).',
  },
  curp: {
    es: 'La CURP no tiene un formato válido: 4 letras, fecha AAMMDD, sexo, estado, 3 consonantes y 2 caracteres.',
    en: 'The CURP format is not valid: 4 letters, date YYMMDD, sex, state, 3 consonants and 2 characters.',
  },
  curp_check_digit: {
    es: 'El dígito verificador de la CURP no es correcto. Revisa que esté bien escrita.',
    en: 'The CURP check digit is not correct. Check that it is typed correctly.',
  },
  one_default_address: {
    es: 'Marca solo una dirección como predeterminada.',
    en: 'Mark only one address as the default.',
  },
  vendor_code: {
    es: 'Usa solo letras, números, guiones y guiones bajos (máximo 20).',
    en: 'Use only letters, digits, dashes and underscores (at most 20).',
  },
  // Stores and orders (issue 22)
  shop_domain: {
    es: 'Escribe el dominio de tu tienda Shopify, por ejemplo mi-tienda.myshopify.com.',
    en: 'Enter your Shopify store domain, for example my-store.myshopify.com.',
  },
  woo_key: {
    es: 'La clave del consumidor empieza con ck_ (WooCommerce → Ajustes → Avanzado → REST API).',
    en: 'The consumer key starts with ck_ (WooCommerce → Settings → Advanced → REST API).',
  },
  woo_secret: {
    es: 'El secreto del consumidor empieza con cs_.',
    en: 'The consumer secret starts with cs_.',
  },
  order_line_quantity: {
    es: 'La cantidad debe estar entre 1 y lo que falta por enviar de la línea.',
    en: 'The quantity must be between 1 and what is left to ship on the line.',
  },
  // Products (spec §5: at most 3 variant properties; no duplicates)
  handle_format: {
    es: 'El identificador usa solo minúsculas, números y guiones, por ejemplo playera-basica.',
    en: 'The handle uses only lower-case letters, digits and dashes, for example basic-tshirt.',
  },
  options_max: {
    es: 'Un producto tiene máximo 3 opciones (propiedades de variante).',
    en: 'A product has at most 3 options (variant properties).',
  },
  variants_max: {
    es: 'Un producto tiene máximo 100 variantes.',
    en: 'A product has at most 100 variants.',
  },
  images_max: {
    es: 'Un producto tiene máximo 10 imágenes.',
    en: 'A product has at most 10 images.',
  },
  variant_options: {
    es: 'Elige un valor de cada opción del producto.',
    en: 'Choose one value of each of the product’s options.',
  },
  variant_duplicate: {
    es: 'Esta combinación de opciones ya es otra variante.',
    en: 'This combination of options is already another variant.',
  },
  sku_format: {
    es: 'El SKU empieza con una letra o número y usa solo letras, números, puntos, guiones y diagonales.',
    en: 'The SKU starts with a letter or digit and uses only letters, digits, dots, dashes and slashes.',
  },
  sku_duplicate: {
    es: 'Este SKU ya está en otra variante.',
    en: 'This SKU is already on another variant.',
  },
  barcode_format: {
    es: 'El código de barras usa solo letras, números y guiones.',
    en: 'The barcode uses only letters, digits and dashes.',
  },
  max_price: {
    es: 'El monto máximo es de $9,999,999.99.',
    en: 'The maximum amount is $9,999,999.99.',
  },
  country_code: {
    es: 'Elige un país del catálogo del SAT (3 letras, por ejemplo MEX).',
    en: 'Choose a country from the SAT catalogue (3 letters, for example MEX).',
  },
  required_to_publish: {
    es: 'Este dato es obligatorio para publicar el producto.',
    en: 'This is required to publish the product.',
  },
  // Wallet: amounts typed in pesos, SPEI deposit notifications
  amount_decimals: {
    es: 'Usa máximo 2 decimales.',
    en: 'Use at most 2 decimals.',
  },
  amount_format: {
    es: 'Escribe el monto en pesos, por ejemplo 1500.50.',
    en: 'Enter the amount in pesos, for example 1500.50.',
  },
  max_deposit: {
    es: 'El monto máximo por depósito es de $1,000,000.00.',
    en: 'The maximum per deposit is $1,000,000.00.',
  },
  reference_number: {
    es: 'La referencia debe tener al menos 15 caracteres.',
    en: 'The reference must have at least 15 characters.',
  },
  tracking_key: {
    es: 'La clave de rastreo tiene de 1 a 30 letras o números, como aparece en tu comprobante SPEI.',
    en: 'The tracking key has 1 to 30 letters or digits, as shown on your SPEI receipt.',
  },
  // Wallet: SPEI reconciliation (bank webhook and statement import)
  spei_bank_code: {
    es: 'El banco emisor son los 3 dígitos con que empieza su CLABE, por ejemplo 012.',
    en: 'The sending bank is the 3 digits its CLABE starts with, for example 012.',
  },
  spei_account: {
    es: 'La cuenta emisora tiene 18 dígitos (CLABE), 16 (tarjeta) o 10 (celular).',
    en: 'The sending account has 18 digits (CLABE), 16 (card) or 10 (mobile phone).',
  },
  statement_date: {
    es: 'Escribe la fecha como AAAA-MM-DD, con hora HH:MM opcional.',
    en: 'Write the date as YYYY-MM-DD, optionally with the time HH:MM.',
  },
  statement_header: {
    es: 'Faltan columnas en el encabezado: {columns}.',
    en: 'The header is missing columns: {columns}.',
  },
  statement_columns: {
    es: 'La fila tiene {found} columnas y el encabezado {expected}.',
    en: 'The row has {found} columns and the header {expected}.',
  },
  statement_quote: {
    es: 'Unas comillas abiertas aquí no se cierran.',
    en: 'A quote opened here is never closed.',
  },
  statement_empty: {
    es: 'El archivo no tiene movimientos.',
    en: 'The file has no transfers.',
  },
  statement_rows: {
    es: 'El archivo tiene más de {max} movimientos; divídelo en partes.',
    en: 'The file has more than {max} transfers; split it into parts.',
  },
  // Wallet: card deposits (the provider's card element and our deposit form)
  card_number: {
    es: 'Revisa el número de la tarjeta: no es válido.',
    en: 'Check the card number: it is not valid.',
  },
  card_expiry: {
    es: 'Escribe el vencimiento como MM/AA, por ejemplo 12/30.',
    en: 'Enter the expiry as MM/YY, for example 12/30.',
  },
  card_expired: { es: 'La tarjeta está vencida.', en: 'The card has expired.' },
  card_cvc: {
    es: 'El código de seguridad tiene 3 o 4 dígitos.',
    en: 'The security code has 3 or 4 digits.',
  },
  card_token: {
    es: 'Vuelve a capturar los datos de la tarjeta.',
    en: 'Enter the card details again.',
  },
  deposit_below_fee: {
    es: 'Abajo de $500.00 se cobra una comisión de $14.50: el monto debe ser mayor.',
    en: 'Below $500.00 a $14.50 fee is charged: the amount must be larger.',
  },
  // Wallet: the transactions list's day filters (finance/transactions)
  date: {
    es: 'Escribe la fecha como AAAA-MM-DD.',
    en: 'Write the date as YYYY-MM-DD.',
  },
  date_range: {
    es: 'La fecha final debe ser igual o posterior a la inicial.',
    en: 'The end date must be on or after the start date.',
  },
  // Inventory: an adjustment line changes something
  adjustment_line_empty: {
    es: 'Indica cuántas unidades sumar o restar.',
    en: 'Enter how many units to add or take away.',
  },
  // Shipments: the preferred pickup time
  time: {
    es: 'Escribe la hora como HH:MM, por ejemplo 09:30.',
    en: 'Write the time as HH:MM, for example 09:30.',
  },
  pickup_hours: {
    es: 'Las recolecciones son entre las 08:00 y las 20:00.',
    en: 'Pickups are between 08:00 and 20:00.',
  },
  pickup_range: {
    es: 'La hora final debe ser al menos 60 minutos después de la inicial.',
    en: 'The end time must be at least 60 minutes after the start time.',
  },
  // Embarques: customs data
  pedimento_number: {
    es: 'El pedimento tiene 15 dígitos: año (2), aduana (2), patente (4) y consecutivo (7), y el consecutivo empieza con el último dígito del año.',
    en: 'A pedimento has 15 digits: year (2), customs office (2), patente (4) and consecutive (7), and the consecutive starts with the year’s last digit.',
  },
  currency_code: {
    es: 'Elige una moneda de 3 letras, por ejemplo USD.',
    en: 'Choose a 3-letter currency, for example USD.',
  },
  quantity_decimals: {
    es: 'Usa máximo 3 decimales.',
    en: 'Use at most 3 decimals.',
  },
  // International courier shipments (T1)
  country_iso2: {
    es: 'Elige un país (2 letras ISO, por ejemplo US).',
    en: 'Choose a country (2 ISO letters, for example US).',
  },
  country_abroad: {
    es: 'Elige un país distinto de México: el otro lado del envío está en México.',
    en: 'Choose a country other than Mexico: the other side of the shipment is in Mexico.',
  },
  postal_code_foreign: {
    es: 'Escribe el código postal del país de destino (letras, números, espacios o guiones).',
    en: 'Enter the postal code of that country (letters, digits, spaces or dashes).',
  },
  phone_international: {
    es: 'Escribe el teléfono con su lada internacional, por ejemplo +1 512 555 0100.',
    en: 'Enter the phone with its country code, for example +1 512 555 0100.',
  },
  tax_id_required: {
    es: 'La aduana pide la identificación fiscal de quien recibe (RFC si es importación).',
    en: 'Customs ask for the recipient’s tax ID (their RFC on an import).',
  },
  percent: {
    es: 'Escribe un porcentaje de 0 a 100 con hasta 2 decimales.',
    en: 'Enter a percentage from 0 to 100 with up to 2 decimals.',
  },
  exchange_rate: {
    es: 'Escribe los pesos por dólar con hasta 4 decimales, por ejemplo 18.2500.',
    en: 'Enter the pesos per dollar with up to 4 decimals, for example 18.2500.',
  },
  carrier_account_number: {
    es: 'El número de cuenta lleva solo dígitos (de 6 a 12).',
    en: 'The account number has digits only (6 to 12).',
  },
  carrier_account_sandbox: {
    es: 'Esta paquetería está en modo de pruebas: no usa cuentas propias.',
    en: 'This carrier is in sandbox mode: it uses no own accounts.',
  },
  value_range: {
    es: 'El valor máximo debe ser igual o mayor al mínimo.',
    en: 'The maximum value must be equal to or greater than the minimum.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

function isKey(message: string): message is ValidationKey {
  return Object.hasOwn(VALIDATION_MESSAGES, message);
}

// A missing value reads as "required" everywhere, whatever type the schema expected.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
      return 'required';
    }
    return undefined;
  },
});

/** The minimal issue shape we localize: zod's own issues, or the ones fastify passes through. */
export interface IssueLike {
  code?: string;
  message: string;
  path?: PropertyKey[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  expected?: string;
}

function keyFor(issue: IssueLike): { key: ValidationKey; params?: Record<string, unknown> } {
  if (isKey(issue.message)) return { key: issue.message };
  const numeric = issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint';
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? { key: 'required' }
          : { key: 'min_length', params: { min: issue.minimum } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'at_least_one' };
      if (numeric && Number(issue.minimum) === 0) {
        return { key: issue.inclusive ? 'positive' : 'amount_positive' };
      }
      return { key: 'min_number', params: { min: issue.minimum } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'max_length', params: { max: issue.maximum } };
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { key: 'max_items', params: { max: issue.maximum } };
      }
      return { key: 'max_number', params: { max: issue.maximum } };
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'email' };
      if (issue.format === 'url') return { key: 'url' };
      return { key: 'invalid' };
    case 'invalid_type':
      if (issue.expected === 'int') return { key: 'integer' };
      if (issue.expected === 'number') return { key: 'number' };
      return { key: 'invalid' };
    case 'invalid_value':
      return { key: 'one_of' };
    default:
      return { key: 'invalid' };
  }
}

export function localizeIssue(issue: IssueLike, language: Language): string {
  const { key, params } = keyFor(issue);
  return interpolate(VALIDATION_MESSAGES[key][language], params);
}

/** Field path as the API and the forms name it: `items.0.sku`; the whole payload is `_`. */
export function issuePath(path: readonly PropertyKey[] | undefined): string {
  return path && path.length > 0 ? path.map(String).join('.') : '_';
}

/** Per-field messages for a list of issues; the first issue of each field wins. */
export function localizeIssues(
  issues: readonly IssueLike[],
  language: Language,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issuePath(issue.path);
    fields[path] ??= localizeIssue(issue, language);
  }
  return fields;
}

export { z };
