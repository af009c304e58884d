// The shell's entry: start reading the registry (and preloading the public remote), then cross
// the async boundary where shared singletons are negotiated with the remotes.
import './remotes/startup';

import('./bootstrap');
