import styled from 'styled-components';
import { fonts } from 'shared-ui';
import { TextArea } from 'shared-ui/forms';

/** The article body's HTML editor: tall, in a monospace face. */
export const HtmlEditor = styled(TextArea)`
  min-height: 360px;
  /* Monospace fonts rarely carry Japanese: the body fonts cover those characters. */
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace, ${fonts.body};
  font-size: 0.9rem;
  line-height: 1.6;
`;
