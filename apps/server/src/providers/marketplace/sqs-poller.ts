import { setImmediate as nextTurn } from 'node:timers/promises';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import type { FastifyBaseLogger } from 'fastify';
import { awsClientConfig } from '../aws/client-config.ts';
import { parseNotification, type MarketplaceNotification } from './notifications.ts';

/** Long polling: one request waits up to this long for a message. */
const WAIT_SECONDS = 20;
/** After a failed receive, wait before trying again. */
const RETRY_DELAY_MS = 5000;

export interface SqsPollerOptions {
  queueUrl: string;
  region: string;
  handle: (notification: MarketplaceNotification) => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * Reads the marketplace's notifications from the SQS queue subscribed to its SNS topics. A message is deleted
 * once handled (or when it is not a notification at all); a failed one comes back after its visibility timeout.
 */
export class SqsNotificationPoller {
  private readonly sqs: SQSClient;
  private running = false;
  private loop: Promise<void> | undefined;
  private abort = new AbortController();

  constructor(private readonly options: SqsPollerOptions) {
    // A receive waits up to WAIT_SECONDS by design: its timeout leaves it that long and a margin.
    this.sqs = new SQSClient(
      awsClientConfig({ region: options.region, requestTimeoutMs: (WAIT_SECONDS + 10) * 1000 }),
    );
  }

  /** One receive and its messages; returns how many were handled. */
  async pollOnce(waitSeconds = WAIT_SECONDS): Promise<number> {
    const { queueUrl } = this.options;
    const answer = await this.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: waitSeconds,
      }),
      { abortSignal: this.abort.signal },
    );
    let handled = 0;
    for (const message of answer.Messages ?? []) {
      if (await this.process(message)) handled += 1;
    }
    return handled;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.abort = new AbortController();
    this.loop = (async () => {
      while (this.running) {
        try {
          await this.pollOnce();
          // A receive that answers at once (an empty queue without long polling) must not starve the process.
          await nextTurn();
        } catch (error) {
          if (!this.running) break;
          this.options.log.error({ err: error }, 'marketplace notifications: receive failed');
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        }
      }
    })();
  }

  /** Abandons the receive in flight and stops; messages being handled finish first. */
  async stop(): Promise<void> {
    this.running = false;
    this.abort.abort();
    await this.loop;
  }

  private async process(message: Message): Promise<boolean> {
    const notification = parseNotification(message.Body ?? '');
    try {
      if (notification) await this.options.handle(notification);
      else
        this.options.log.warn(
          { messageId: message.MessageId },
          'marketplace notifications: not one, dropped',
        );
    } catch (error) {
      this.options.log.error({ err: error, messageId: message.MessageId }, 'marketplace notification failed');
      return false;
    }
    await this.sqs.send(
      new DeleteMessageCommand({ QueueUrl: this.options.queueUrl, ReceiptHandle: message.ReceiptHandle }),
    );
    return notification !== null;
  }
}
