import { moduleOf, type PermissionKey } from '@despacho/domain';
import { createContext, useContext } from 'react';

/**
 * The `navigation` text that names a permission as the menu shows it. The app provides it from
 * its screens table (a feature reads no part of the app shell); without the app, a permission is
 * named by its module.
 */
const PermissionLabelContext = createContext<(permission: PermissionKey) => string>(
  (permission) => `modules.${moduleOf(permission)}`,
);

export const PermissionLabelProvider = PermissionLabelContext.Provider;

export const usePermissionLabelKey = () => useContext(PermissionLabelContext);
