/**
 * `current_time`: the current date and time in an IANA time zone. Models have no clock, and
 * agents are asked "is the shop open now?" all day; this answers from the server's clock.
 */
import { json } from "../../response";
import { defineTool, ToolExecutionError, type CodeTool } from "../code-tool";

interface CurrentTimeArgs {
  readonly time_zone?: string;
}

/** Date-time parts of `instant` as seen in `timeZone`; throws RangeError for an unknown zone. */
function partsIn(instant: Date, timeZone: string): { zone: string; parts: Record<string, string> } {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    weekday: "long",
    timeZoneName: "longOffset",
  });
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return { zone: format.resolvedOptions().timeZone, parts };
}

/** "GMT+05:30" → "+05:30"; plain "GMT" (UTC itself) → "+00:00". */
function utcOffset(timeZoneName: string | undefined): string {
  const offset = (timeZoneName ?? "GMT").replace("GMT", "");
  return offset === "" ? "+00:00" : offset;
}

/**
 * Builds the tool. `now` is injectable so tests (and replays) can pin the clock.
 */
export function currentTimeTool({ now = () => new Date() }: { now?: () => Date } = {}): CodeTool {
  return defineTool<CurrentTimeArgs>({
    name: "current_time",
    description:
      "Get the current date and time. Pass an IANA time zone such as Europe/Paris or America/New_York; defaults to UTC.",
    parameters: {
      type: "object",
      properties: {
        time_zone: {
          type: "string",
          description: "IANA time zone name, e.g. Europe/Paris. Defaults to UTC.",
          minLength: 1,
          maxLength: 64,
        },
      },
      additionalProperties: false,
    },
    timeoutSeconds: 2,
    async call({ time_zone: requested = "UTC" }) {
      const instant = now();
      let seen: ReturnType<typeof partsIn>;
      try {
        seen = partsIn(instant, requested);
      } catch (cause) {
        throw new ToolExecutionError(
          `Unknown time zone "${requested}": use an IANA name such as Europe/Paris or America/New_York.`,
          { cause },
        );
      }
      const { year, month, day, hour, minute, second, weekday, timeZoneName } = seen.parts;
      const offset = utcOffset(timeZoneName);
      return json({
        time_zone: seen.zone,
        local: `${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`,
        utc: instant.toISOString(),
        weekday,
        utc_offset: offset,
      });
    },
  });
}
