// The envelope every invoke answers with, whatever the transport (Electron IPC or the local web
// host). Plain data, so it crosses contextBridge and JSON intact; no zod, so the preload stays small.

import type { FrozenBatch } from '../domain/batch-refusals';

export type IpcErrorCode = 'unknown_channel' | 'forbidden_sender' | 'invalid_request' | 'not_available' | 'failed' | 'invalid_response';

export interface IpcIssue {
  /** Dotted path of the offending field, e.g. `rows.3.code`; empty for the payload as a whole. */
  path: string;
  message: string;
}

/** The promotion service's own error, when a call to it failed (see service-error.ts). */
export interface IpcServiceInfo {
  status: number;
  key: string;
  details: string;
  requestId?: string;
}

export interface IpcError {
  code: IpcErrorCode;
  channel: string;
  message: string;
  issues?: IpcIssue[];
  service?: IpcServiceInfo;
  /** The change was refused because the batch is queued for sync: the app offers the way out. */
  frozen?: FrozenBatch;
}

export type IpcResult<T = unknown> = { ok: true; value: T } | { ok: false; error: IpcError };

export function ipcOk<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function ipcFail(error: IpcError): IpcResult<never> {
  return { ok: false, error };
}

/** An invoke that was refused or failed, with the code and field issues of the answer. */
export class BridgeError extends Error {
  readonly code: IpcErrorCode;
  readonly channel: string;
  readonly issues: IpcIssue[];
  readonly service: IpcServiceInfo | undefined;
  readonly frozen: FrozenBatch | undefined;

  constructor(error: IpcError) {
    super(error.message);
    this.name = 'BridgeError';
    this.code = error.code;
    this.channel = error.channel;
    this.issues = error.issues ?? [];
    this.service = error.service;
    this.frozen = error.frozen;
  }
}
