import { breakpoints } from 'shared-ui';

const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;

/** Mobile devices (user agent, or a window no wider than 768 px) sign in by redirect. */
export function isMobileDevice(): boolean {
  return MOBILE_USER_AGENT.test(navigator.userAgent) || window.innerWidth <= breakpoints.tablet;
}

/** Post-login full reload delay (spec section 9): 500 ms on mobile, 1000 ms on desktop. */
export function postLoginReloadDelayMs(): number {
  return isMobileDevice() ? 500 : 1000;
}
