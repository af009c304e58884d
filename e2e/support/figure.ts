import { test } from '@playwright/test';

/** A figure a spec measured: printed, and kept in the report as the test's `figure` annotation. */
export const figure = (description: string) => {
  console.log(description);
  test.info().annotations.push({ type: 'figure', description });
};
