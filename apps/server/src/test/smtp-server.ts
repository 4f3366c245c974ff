import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server for tests: every message it accepts lands, raw, in `received`. It answers a
 * recipient `refuse` names with that code (550: no such mailbox, 452: mailbox full, try later), as
 * long as `refuse` names it.
 */
export function smtpServer(received: string[], refuse: Record<string, number> = {}): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, done) {
      const code = refuse[address.address];
      if (!code) return done();
      done(
        Object.assign(
          new Error(`<${address.address}>: ${code >= 500 ? 'no such mailbox' : 'mailbox full'}`),
          { responseCode: code },
        ),
      );
    },
    onData(stream, _session, done) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push(data);
        done();
      });
    },
  });
}

/** Listens on 127.0.0.1 (a free port unless one is given) and resolves to the port. */
export function listenSmtp(server: SMTPServer, port = 0): Promise<number> {
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  );
}

export function closeSmtp(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
