import type { z } from '../validation';
import { catalogueSearchAnswer, satProductSchema, type SatProduct } from './schemas';

/**
 * Keys of SAT's Carta Porte product catalogue (c_ClaveProdServCP) that parcels of Mexican online
 * shops carry most, with SAT's own descriptions and similar words. The forms offer them before
 * anything is typed, and the API searches them while the full catalogue is not imported.
 */
export const SAT_COMMON_PRODUCTS: readonly SatProduct[] = [
  { code: '53103000', description: 'Camisetas', similar_words: 'Prendas de vestir' },
  { code: '53101600', description: 'Faldas y blusas', similar_words: 'Prendas de vestir' },
  {
    code: '53101500',
    description: 'Pantalones de deporte, pantalones y pantalones cortos',
    similar_words: 'Prendas de vestir',
  },
  { code: '53102300', description: 'Ropa interior', similar_words: 'Prendas de vestir' },
  { code: '53102500', description: 'Accesorios de vestir', similar_words: 'Prendas de vestir' },
  { code: '53111600', description: 'Zapatos', similar_words: '' },
  { code: '53121600', description: 'Monederos, bolsos de mano y bolsas', similar_words: '' },
  { code: '54111500', description: 'Relojes de pulsera o bolsillo', similar_words: '' },
  { code: '54101500', description: 'Joyería fina', similar_words: '' },
  { code: '53131619', description: 'Cosméticos', similar_words: '' },
  { code: '53131608', description: 'Jabones', similar_words: '' },
  { code: '43191501', description: 'Teléfonos móviles', similar_words: 'Celular o Smartphone' },
  {
    code: '43211503',
    description: 'Computadores notebook',
    similar_words: 'Computadoras notebook',
  },
  {
    code: '43211600',
    description: 'Accesorios de computador',
    similar_words: 'Accesorios de computadora',
  },
  { code: '52161500', description: 'Equipos audiovisuales', similar_words: '' },
  { code: '52141500', description: 'Electrodomésticos para cocina', similar_words: '' },
  { code: '52121500', description: 'Ropa de cama', similar_words: '' },
  { code: '56101500', description: 'Muebles', similar_words: '' },
  { code: '60141000', description: 'Juguetes', similar_words: '' },
  {
    code: '44121600',
    description: 'Suministros de escritorio',
    similar_words: 'Artículos de papelería',
  },
  { code: '55101500', description: 'Publicaciones impresas', similar_words: '' },
  {
    code: '51191900',
    description: 'Suplementos dietéticos y productos de terapia alimenticia',
    similar_words: 'Suplementos alimenticios o nutricionales',
  },
  { code: '10121800', description: 'Alimento para perros y gatos', similar_words: '' },
  { code: '24121503', description: 'Cajas para empacar', similar_words: '' },
];

/**
 * `GET /sat-products`: the matches and whether they come from the imported catalogue. Before it
 * is imported (`catalogue_loaded: false`) they come from `SAT_COMMON_PRODUCTS`, and a code of a
 * known family is accepted.
 */
export const satProductsAnswerSchema = catalogueSearchAnswer(satProductSchema);
export type SatProductsAnswer = z.infer<typeof satProductsAnswerSchema>;
