export interface LogEvent {
  timestamp: number;
  ingestionTime: number;
  message: string;
}

/** CloudWatch log groups → streams → events, in memory. */
export class LogStore {
  private readonly groups = new Map<string, Map<string, LogEvent[]>>();

  append(group: string, stream: string, message: string, timestamp = Date.now()): void {
    let streams = this.groups.get(group);
    if (!streams) this.groups.set(group, (streams = new Map()));
    let events = streams.get(stream);
    if (!events) streams.set(stream, (events = []));
    events.push({ timestamp, ingestionTime: Date.now(), message });
  }

  hasGroup(group: string): boolean {
    return this.groups.has(group);
  }

  streams(group: string): Array<[string, LogEvent[]]> {
    return [...(this.groups.get(group) ?? new Map<string, LogEvent[]>())].sort(([a], [b]) =>
      a < b ? -1 : 1,
    );
  }

  events(group: string, stream: string): LogEvent[] | undefined {
    return this.groups.get(group)?.get(stream);
  }
}
