/**
 * The read-only commands the sampler sends, and the ACL rule that allows exactly those. The
 * README prints the rule; the live test creates a user with it and watches the commands.
 */
export const SAMPLING_COMMANDS = [
  'ping',
  'info',
  'dbsize',
  'select',
  'scan',
  'type',
  'pttl',
  'strlen',
  'hlen',
  'scard',
  'zcard',
  'llen',
  'lrange',
  'hrandfield',
  'srandmember',
  'zrandmember',
  'object|encoding',
  'memory|usage',
  'memory|stats',
  'memory|malloc-stats',
  'cluster|shards',
  'cluster|slots',
  // --replicas on a cluster: a replica serves a key's reads only to a connection that said READONLY.
  'readonly',
] as const;

/** Keys readable only (%R~*, Redis 7.0+ and Valkey), no channels, no command beyond the list. */
export function samplingAclRule(user = 'sampler', password = 'CHOOSE-A-PASSWORD'): string {
  return `ACL SETUSER ${user} on >${password} resetkeys %R~* resetchannels -@all ${SAMPLING_COMMANDS.map((c) => `+${c}`).join(' ')}`;
}
