// The entries module's public surface: nothing other modules use yet but the service's type.
export type { EntriesService } from './entries.service';
