#!/usr/bin/env node
// The command-line front runs the TypeScript services directly through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../electron/cli.ts');
