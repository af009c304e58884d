// The shell's entry: start reading the registry (and preloading the public remote), then cross
// the async boundary where shared singletons are negotiated with the remotes.
import './remotes/startup';

/** Start-up work is split into tasks, so none of them holds up a tap on a painted page for long. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The largest libraries are requested first, each in a task of its own (a request negotiates the
 * shared versions with the remotes), and then evaluated each as its chunk arrives, again in a task
 * of its own. Otherwise all of them are negotiated and evaluated in one go when bootstrap's chunks
 * land: tasks of 150–170 ms on a mid-range phone, while the page is already painted (TBT).
 */
const libraries = [
  () => import('react-dom/client'),
  () => import('styled-components'),
  () => import('react-router-dom'),
];

async function start() {
  // This script's own task evaluates the federation runtime.
  for (const load of libraries) {
    await nextTask();
    load().catch(() => undefined); // bootstrap reports a library that cannot load
  }
  await nextTask();
  return import('./bootstrap');
}

void start();
