/** The auth context's public shape (spec section 3 "User profile" and section 4). */
export interface UserProfile {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  /** The account's creation time as given by the provider (RFC 1123 string). */
  createdAt: string | null;
  lastSignInTime: string | null;
}

export interface SignInResult {
  success: boolean;
  isRedirect?: boolean;
  redirectPath?: string;
  error?: string;
}

export interface ActionResult {
  success: boolean;
  error?: string;
  /** The spec's confirmation text on success (e.g. after sending the verification mail). */
  message?: string;
}

export interface SignInOptions {
  /**
   * Where to go after sign-in instead of the current page, e.g. the page a guard sent the
   * visitor away from. Home and the login page still stand for the dashboard.
   */
  redirectPath?: string;
}

/** Display name and photo URL; an empty string removes the value. */
export interface ProfileChanges {
  displayName?: string;
  photoURL?: string;
}

/** What the context knows: the state the provider's reducer keeps. */
export interface AuthState {
  /** The user as Firebase confirmed it: null while `loading` and when signed out. */
  currentUser: UserProfile | null;
  /**
   * The profile, restored from localStorage at once (before Firebase has loaded) and replaced by
   * Firebase's answer; use it to render a signed-in look early, never to grant access.
   */
  userProfile: UserProfile | null;
  isAdmin: boolean;
  /**
   * The release teams (workspace names, e.g. admin-console) in the confirmed account's ID token
   * (custom claim `teams`); empty while loading and when signed out. Opens the admin console's
   * リリース page to a team member who is not an admin; the API checks every call again.
   */
  releaseTeams: readonly string[];
  loading: boolean;
  authError: string | null;
  authSuccess: string | null;
  loginRedirectPath: string | null;
  /**
   * Set after a redirect sign-in returned: the page reloads to this path in 500/1000 ms, so
   * pages should not navigate on their own meanwhile.
   */
  redirectingTo: string | null;
}

/** The state and what a page can do with it. */
export interface AuthContextValue extends AuthState {
  signInWithGoogle: (options?: SignInOptions) => Promise<SignInResult>;
  /** Failures also appear in `authError`, the verification-mail confirmation in `authSuccess`. */
  updateUserProfile: (changes: ProfileChanges) => Promise<ActionResult>;
  sendVerificationEmail: () => Promise<ActionResult>;
  logout: () => Promise<ActionResult>;
  clearMessages: () => void;
  /** The current Firebase ID token for API calls, or null when signed out. */
  getIdToken: () => Promise<string | null>;
}
