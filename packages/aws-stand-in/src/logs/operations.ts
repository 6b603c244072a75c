import { AwsError } from '../protocol/errors.ts';
import type { LogEvent, LogStore } from './store.ts';

export const LOGS_OPERATIONS = ['DescribeLogStreams', 'GetLogEvents', 'FilterLogEvents'] as const;

const notFound = (what: string) =>
  new AwsError('ResourceNotFoundException', 400, `The specified ${what} does not exist.`);

/** Pages are offsets into the (append-only) event lists, written as tokens `f/<n>`. */
const offsetOf = (token: unknown): number => (typeof token === 'string' ? Number(token.slice(2)) || 0 : 0);

export function runLogsOperation(
  store: LogStore,
  operation: string,
  input: Record<string, unknown>,
): unknown {
  const group = input.logGroupName as string;
  if (!store.hasGroup(group)) throw notFound('log group');
  switch (operation) {
    case 'DescribeLogStreams': {
      const prefix = (input.logStreamNamePrefix as string | undefined) ?? '';
      let streams = store.streams(group).filter(([name]) => name.startsWith(prefix));
      if (input.orderBy === 'LastEventTime')
        streams = streams.sort(([, a], [, b]) => (a.at(-1)?.timestamp ?? 0) - (b.at(-1)?.timestamp ?? 0));
      if (input.descending === true) streams = streams.reverse();
      return {
        logStreams: streams.slice(0, (input.limit as number | undefined) ?? 50).map(([name, events]) => ({
          logStreamName: name,
          creationTime: events[0]?.ingestionTime,
          firstEventTimestamp: events[0]?.timestamp,
          lastEventTimestamp: events.at(-1)?.timestamp,
          lastIngestionTime: events.at(-1)?.ingestionTime,
        })),
      };
    }
    case 'GetLogEvents': {
      const events = store.events(group, input.logStreamName as string);
      if (!events) throw notFound('log stream');
      const from = offsetOf(input.nextToken);
      const page = inRange(events, input)
        .slice(from)
        .slice(0, (input.limit as number | undefined) ?? 10000);
      return {
        events: page.map(({ timestamp, ingestionTime, message }) => ({ timestamp, ingestionTime, message })),
        nextForwardToken: `f/${from + page.length}`,
        nextBackwardToken: `b/${from}`,
      };
    }
    case 'FilterLogEvents': {
      const names = input.logStreamNames as string[] | undefined;
      const prefix = (input.logStreamNamePrefix as string | undefined) ?? '';
      const pattern = (input.filterPattern as string | undefined)?.replace(/^"|"$/g, '') ?? '';
      const all = store
        .streams(group)
        .filter(([name]) => (names ? names.includes(name) : name.startsWith(prefix)))
        .flatMap(([name, events]) =>
          inRange(events, input).map((event) => ({ ...event, logStreamName: name })),
        )
        .filter((event) => event.message.includes(pattern))
        .sort((a, b) => a.timestamp - b.timestamp);
      const from = offsetOf(input.nextToken);
      const limit = (input.limit as number | undefined) ?? 10000;
      const page = all.slice(from, from + limit);
      return {
        events: page.map((event, i) => ({ ...event, eventId: String(from + i) })),
        ...(from + page.length < all.length && { nextToken: `f/${from + page.length}` }),
      };
    }
    default:
      throw new AwsError('InvalidOperationException', 400, `${operation} is not implemented by the stand-in`);
  }
}

function inRange(events: LogEvent[], input: Record<string, unknown>): LogEvent[] {
  const start = (input.startTime as number | undefined) ?? -Infinity;
  const end = (input.endTime as number | undefined) ?? Infinity;
  return events.filter((event) => event.timestamp >= start && event.timestamp < end);
}
