/** Greeting periods of the IoT home (SPEC §9, SCREENS §3). */

export type GreetingPeriod = 'morning' | 'noon' | 'afternoon' | 'evening' | 'lateNight';

/**
 * 6–10 morning, 11–13 noon, 14–19 afternoon, 22–23 late night, every other hour evening.
 * `hour` is the local hour 0–23.
 */
export function greetingPeriod(hour: number): GreetingPeriod {
  if (hour >= 6 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 14) return 'noon';
  if (hour >= 14 && hour < 20) return 'afternoon';
  if (hour >= 22 && hour < 24) return 'lateNight';
  return 'evening';
}
