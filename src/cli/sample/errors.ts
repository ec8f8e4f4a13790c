import { samplingAclRule } from './acl';

/** A failure the user can act on: printed as one line, no stack trace, non-zero exit. */
export class SampleError extends Error {}

/** A NOPERM reply as advice: the command that was refused and the rule that allows it. */
export function permissionError(command: string, message: string): SampleError {
  const named = /'([a-z|-]+)'/i.exec(message)?.[1]?.toLowerCase() ?? command.toLowerCase().replace(' ', '|');
  return new SampleError(
    `the server refused ${named.replace('|', ' ').toUpperCase()} to this user (NOPERM): grant it with "ACL SETUSER <user> +${named}", or create the sampling user from the README: ${samplingAclRule()}`,
  );
}

/** Throws on a NOPERM reply; other error replies are the caller's to judge. */
export function refuseNoPerm(error: Error | null | undefined, command: string): void {
  if (error && /^NOPERM/.test(error.message)) throw permissionError(command, error.message);
}
