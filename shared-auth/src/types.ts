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
}

export interface AuthContextValue {
  /** The signed-in user's profile as the provider reports it (null when signed out). */
  currentUser: UserProfile | null;
  userProfile: UserProfile | null;
  isAdmin: boolean;
  loading: boolean;
  authError: string | null;
  authSuccess: string | null;
  loginRedirectPath: string | null;
  signInWithGoogle: () => Promise<SignInResult>;
  updateUserProfile: (changes: { displayName?: string; photoURL?: string }) => Promise<ActionResult>;
  sendVerificationEmail: () => Promise<ActionResult>;
  logout: () => Promise<ActionResult>;
  clearMessages: () => void;
  /** The current Firebase ID token for API calls, or null when signed out. */
  getIdToken: () => Promise<string | null>;
}
