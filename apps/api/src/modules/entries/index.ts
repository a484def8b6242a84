// The entries module's public surface: nothing other modules use yet but the services' types.
export type { EntriesService } from './entries.service';
export type { ReceivingService } from './receiving.service';
