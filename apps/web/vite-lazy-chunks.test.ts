import type { ChunkingContext } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { lazyChunks } from './vite-lazy-chunks';

/** A module graph as rolldown answers it: each module's static imports and its code size. */
function graphOf(modules: Record<string, { imports?: string[]; size?: number; lazy?: string[] }>) {
  const infoOf = (id: string) => {
    const own = modules[id];
    if (!own) return null;
    const importers = Object.keys(modules).filter((other) => modules[other]!.imports?.includes(id));
    const dynamicImporters = Object.keys(modules).filter((other) =>
      modules[other]!.lazy?.includes(id),
    );
    return {
      id,
      code: 'x'.repeat(own.size ?? 10),
      importers,
      dynamicImporters,
      importedIds: own.imports ?? [],
      dynamicallyImportedIds: own.lazy ?? [],
    };
  };
  return { getModuleInfo: infoOf } as unknown as ChunkingContext;
}

const chunksOf = (ctx: ChunkingContext, ids: string[], parts: number) => {
  const name = lazyChunks('charts', 'part', parts);
  return Object.fromEntries(ids.map((id) => [id, name(id, ctx)]));
};

describe('the lazy charts’ chunks', () => {
  const ctx = graphOf({
    login: { imports: ['clsx'], lazy: ['page'] },
    page: { imports: ['clsx'], lazy: ['charts'] },
    charts: { imports: ['bar', 'styles.css', 'clsx'] },
    'styles.css': {},
    // bar ↔ axis import each other; both use scale, scale uses clsx (which the login shares).
    bar: { imports: ['axis', 'scale'], size: 30 },
    axis: { imports: ['bar', 'scale'], size: 30 },
    scale: { imports: ['clsx', 'color'], size: 40 },
    color: { size: 40 },
    clsx: {},
  });

  it('takes only what the charts alone import, never a module another screen shares', () => {
    const chunks = chunksOf(ctx, ['login', 'page', 'charts', 'styles.css', 'clsx'], 2);
    expect(chunks).toEqual({
      login: null,
      page: null,
      charts: null,
      'styles.css': null,
      clsx: null,
    });
  });

  it('cuts in dependency order, an import cycle whole, so a chunk imports only earlier ones', () => {
    expect(chunksOf(ctx, ['color', 'scale', 'bar', 'axis'], 2)).toEqual({
      color: 'part-1',
      scale: 'part-1',
      bar: 'part-2',
      axis: 'part-2',
    });
    expect(chunksOf(ctx, ['color', 'scale', 'bar', 'axis'], 1)).toEqual({
      color: 'part-1',
      scale: 'part-1',
      bar: 'part-1',
      axis: 'part-1',
    });
  });
});
