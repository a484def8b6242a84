import { Avatar } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useProductImage } from '../../../../lib/product-images';

/** A collection's or product's thumbnail in a row, or a neutral icon while there is none. */
export function CollectionThumb({ path, alt }: { path: string | null; alt: string }) {
  const source = useProductImage(path);
  return (
    <Avatar src={source} alt={source ? alt : undefined} size={40} radius="sm">
      <IconPhoto size={20} aria-hidden />
    </Avatar>
  );
}
