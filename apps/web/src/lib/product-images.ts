import { productsContract } from '@despacho/domain';
import { useQuery } from '@tanstack/react-query';
import { call, queryKeys } from './api-client';
import { useObjectUrl } from './object-url';

const productsKeys = queryKeys(productsContract);
const IMAGE_ID = /product-images\/([0-9a-f-]{36})/i;

/**
 * An object URL of a catalogue image (a product's, a collection's): the API serves them behind
 * the sign-in, so the bytes are fetched with the session and shown from memory. `path` is a
 * view's `url` or `thumbnail_url`; null while there is none or it loads.
 */
export function useProductImage(path: string | null, size: 'large' | 'thumbnail' = 'thumbnail') {
  const imageId = path ? IMAGE_ID.exec(path)?.[1] : undefined;
  const input = { params: { imageId: imageId ?? '' }, query: { size } };
  const { data: blob } = useQuery({
    queryKey: productsKeys.image(input),
    queryFn: () => call(productsContract.image, input),
    enabled: imageId !== undefined,
    // An image id names its bytes for good: they never change.
    staleTime: Infinity,
    retry: false,
  });
  return useObjectUrl(blob);
}
