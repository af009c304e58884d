import { site } from 'shared-core';
import { Button } from 'shared-ui';

interface LineFriendButtonProps {
  children?: string;
  className?: string;
}

/** The green add-friend button: the official LINE account, in a new tab. */
export function LineFriendButton({ children = 'LINEで友だち追加', className }: LineFriendButtonProps) {
  return (
    <Button
      as="a"
      $variant="line"
      href={site.lineFriendUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
    >
      <LineIcon />
      {children}
    </Button>
  );
}

function LineIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 3C6.5 3 2 6.6 2 11c0 3.9 3.5 7.2 8.3 7.9.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.6s6-3.6 8.2-6.1C21.6 14.3 22 12.7 22 11c0-4.4-4.5-8-10-8Zm-3.8 10.5H6.3a.5.5 0 0 1-.5-.5V9.1a.5.5 0 0 1 1 0v3.4h1.4a.5.5 0 0 1 0 1Zm2-.5a.5.5 0 0 1-1 0V9.1a.5.5 0 0 1 1 0V13Zm4.6 0a.5.5 0 0 1-.9.3l-2-2.7V13a.5.5 0 0 1-1 0V9.1a.5.5 0 0 1 .9-.3l2 2.7V9.1a.5.5 0 0 1 1 0V13Zm3.1-2.4a.5.5 0 0 1 0 1h-1.4v.9h1.4a.5.5 0 0 1 0 1h-1.9a.5.5 0 0 1-.5-.5V9.1c0-.3.2-.5.5-.5h1.9a.5.5 0 0 1 0 1h-1.4v.9h1.4Z"
      />
    </svg>
  );
}
