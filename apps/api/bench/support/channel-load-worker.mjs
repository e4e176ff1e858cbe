// Worker entry: Node 20 workers do not inherit tsx's loader, so register it before loading the TypeScript load generator.
import { register } from 'tsx/esm/api';

register();
await import('./channel-load.ts');
