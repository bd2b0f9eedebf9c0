/** Drives the one region picker (features/regions) in the web tests. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Opens the region field and taps the given codes in turn (province, city, county, or from where it opens). */
export async function pickRegion(codes: readonly string[], expected: string, field = 'region-field'): Promise<void> {
  fireEvent.click(screen.getByTestId(field));
  for (const code of codes) fireEvent.click(await screen.findByTestId(`region-node-${code}`));
  await waitFor(() => expect(screen.getByTestId(field).textContent).toBe(expected));
}
