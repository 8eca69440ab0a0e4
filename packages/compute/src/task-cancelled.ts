/** Thrown by a handler that stopped because it was cancelled; it keeps what it reported so far. */
export class TaskCancelled extends Error {}
