// The shell's entry: start reading the registry (and preloading the public remote), then cross
// the async boundary where shared singletons are negotiated with the remotes.
import './remotes/startup';

/** Start-up work is split into tasks, so none of them holds up a tap on a painted page for long. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// This script's own task evaluates the federation runtime; starting the chunk downloads (which
// negotiates the shared libraries with the remotes) is the next one. The largest libraries are
// then evaluated each as its chunk arrives, in a task of its own: otherwise all of them run in
// one go when bootstrap's last chunk lands (≈ 170 ms on a mid-range phone).
void nextTask().then(() => {
  void Promise.all([import('react-dom/client'), import('styled-components'), import('react-router-dom')]).catch(
    () => undefined, // bootstrap reports a library that cannot load
  );
  return import('./bootstrap');
});
