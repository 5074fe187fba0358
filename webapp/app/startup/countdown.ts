export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

/** Time left until `targetMs`, in whole seconds rounded up, split into days, hours, minutes and seconds. */
export function countdownParts(targetMs: number, nowMs: number): CountdownParts {
  const total = Math.max(0, Math.ceil((targetMs - nowMs) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: total === 0,
  };
}
