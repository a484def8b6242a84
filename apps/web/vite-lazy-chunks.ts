import type { ChunkingContext } from 'rolldown';

/**
 * Splits what only one lazily imported module (`root`) brings in into `parts` chunks of about
 * equal size, for a library too large for one chunk (the dashboard's charts: recharts, d3,
 * redux…). Only modules nothing else imports are taken, so no module another screen loads (the
 * cold login's clsx, react-is…) moves into them. The chunks must not import each other in a
 * circle, or one would run before a chunk it needs (recharts' selectors threw so): the modules
 * are cut in dependency order, whole import cycles together, so a chunk imports only those
 * before it. `root` itself stays the lazy chunk that imports them.
 * Answers the `name` of a code-splitting group; the graph is read once, at the first question.
 */
export function lazyChunks(root: string, prefix: string, parts: number) {
  let chunkOf: Map<string, string> | undefined;
  return (id: string, ctx: ChunkingContext): string | null => {
    chunkOf ??= cut(root, prefix, parts, ctx);
    return chunkOf.get(id) ?? null;
  };
}

function cut(root: string, prefix: string, parts: number, ctx: ChunkingContext) {
  const only = exclusiveTo(root, ctx);
  const size = (id: string) => ctx.getModuleInfo(id)?.code?.length ?? 0;
  const total = [...only].reduce((sum, id) => sum + size(id), 0);
  const chunkOf = new Map<string, string>();
  let before = 0;
  for (const cycle of cyclesInDependencyOrder(only, ctx)) {
    const part = Math.min(parts - 1, Math.floor((before * parts) / total));
    for (const id of cycle) chunkOf.set(id, `${prefix}-${part + 1}`);
    before += cycle.reduce((sum, id) => sum + size(id), 0);
  }
  return chunkOf;
}

/** The JavaScript modules that `root` reaches by static imports and nothing outside imports. */
function exclusiveTo(root: string, ctx: ChunkingContext): Set<string> {
  const reached = new Set<string>([root]);
  const queue = [root];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) {
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  // Drop, until none is left to drop, every module something outside the set imports.
  for (let changed = true; changed;) {
    changed = false;
    for (const id of reached) {
      if (id === root) continue;
      const info = ctx.getModuleInfo(id);
      const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
      if (!info || importers.some((importer) => !reached.has(importer))) {
        reached.delete(id);
        changed = true;
      }
    }
  }
  reached.delete(root);
  // Style sheets stay with the lazy chunk that imports them.
  for (const id of reached) if (/\.css(\?|$)/.test(id)) reached.delete(id);
  return reached;
}

/**
 * The strongly connected components of the import graph within `ids` (Tarjan), each module's
 * dependencies' components before its own.
 */
function cyclesInDependencyOrder(ids: Set<string>, ctx: ChunkingContext): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (id: string) => {
    index.set(id, index.size);
    low.set(id, index.get(id)!);
    stack.push(id);
    onStack.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) {
      if (!ids.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(id, Math.min(low.get(id)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(id, Math.min(low.get(id)!, index.get(next)!));
      }
    }
    if (low.get(id) === index.get(id)) {
      const cycle: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        cycle.push(member);
      } while (member !== id);
      cycles.push(cycle);
    }
  };
  for (const id of [...ids].sort()) if (!index.has(id)) visit(id);
  return cycles;
}
