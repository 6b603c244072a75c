export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** One line the outbox logs, so a person on a fresh machine can read e.g. their code in the log. */
  summary: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}
