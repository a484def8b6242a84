// The exits module's public surface: an order's fulfilment creates exits through the service.
export type { ExitCaller, ExitsService } from './exits.service';
export type { DispatchService } from './dispatch.service';
