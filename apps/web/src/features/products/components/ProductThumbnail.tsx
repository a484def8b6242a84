import { Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useProductImage } from '../../../lib/product-images';

/** A product's cover at `size` px, or a neutral icon while it has none (or it loads). */
export function ProductThumbnail({
  path,
  alt,
  size = 40,
}: {
  path: string | null;
  alt: string;
  size?: number;
}) {
  const source = useProductImage(path);
  return source ? (
    <Image src={source} alt={alt} w={size} h={size} fit="cover" radius="sm" />
  ) : (
    <Center
      w={size}
      h={size}
      bg="var(--mantine-color-default-hover)"
      style={{ borderRadius: 'var(--mantine-radius-sm)', flex: 'none' }}
      aria-hidden
    >
      <IconPhoto size={size / 2} color="var(--mantine-color-dimmed)" />
    </Center>
  );
}
