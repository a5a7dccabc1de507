import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// The suite shares two cores with the Postgres-backed server tests; 1 s waits are too tight there.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  // Sonner keeps toasts in a module-level store and replays active ones to a new <Toaster>.
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
