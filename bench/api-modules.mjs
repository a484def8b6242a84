// The app's TypeScript modules, loaded once each: tsx's tsImport evaluates the whole graph again
// on every call (a namespace of its own each time), so the benches' per-merchant imports held a
// copy of the app per call and ran the bench out of memory in the dispatch group.
import { tsImport } from 'tsx/esm/api';

const loaded = new Map();

function once(specifier) {
  let module = loaded.get(specifier);
  if (!module) {
    module = tsImport(specifier, import.meta.url);
    loaded.set(specifier, module);
  }
  return module;
}

/** A module of the API, by its path under apps/api/src. */
export const api = (file) => once(`../apps/api/src/${file}`);

/** The shared domain package. */
export const domain = () => once('../packages/domain/src/index.ts');
