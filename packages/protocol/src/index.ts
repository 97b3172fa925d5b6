/**
 * @ruthless/protocol: the wire contract between the server and the app: zod schemas of
 * requests and responses, the realtime event map and the error codes.
 */
export * from './errors';
export * from './health';
export * from './realtime';
export * from './reconnection';
export * from './rooms';
export * from './auth';
export * from './auth-messages';
export * from './user';
export * from './user-details';
export * from './tickets';
export * from './host';
export * from './live';
export * from './landing';
export * from './chat';
export * from './text-rules';
export * from './person-name';
export * from './vitals';
export * from './safety';
export * from './invites';
export * from './push';
export * from './analytics';
