// Whole seconds left until a deadline, ticking down to 0 (the 30-second resend lockout).
import { useCallback, useEffect, useRef, useState } from 'react';

const TICK_MS = 250;

export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [remaining, setRemaining] = useState(0);
  const deadline = useRef(0);
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return undefined;
    // Measured against the clock, so a throttled background tab still ends on time.
    const timer = setInterval(() => {
      setRemaining(Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000)));
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  const start = useCallback((seconds: number) => {
    deadline.current = Date.now() + seconds * 1000;
    setRemaining(Math.max(0, Math.ceil(seconds)));
  }, []);

  return { remaining, start };
}
