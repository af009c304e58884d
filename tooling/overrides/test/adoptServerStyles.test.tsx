/**
 * @jest-environment jsdom
 */
// The browser takes the server's styled-components element over as it is: the same node, every
// rule in place, the server's classes known (no rule inserted again when the page hydrates), new
// classes inserted at their component's place; anything unexpected is handed to
// styled-components' own rehydration.
import type * as React from 'react';
import type * as ReactDomClient from 'react-dom/client';
import type * as ReactDomServer from 'react-dom/server';
import type * as StyledComponents from 'styled-components';
// The webpack helpers are CommonJS, without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { adoptServerStyles, parseServerSheet } = require('../styled-components/adoptServerStyles');

type StyledModule = typeof StyledComponents;
interface Libraries {
  styled: StyledModule;
  act: typeof React.act;
  hydrateRoot: typeof ReactDomClient.hydrateRoot;
  renderToString: typeof ReactDomServer.renderToString;
}

/**
 * A fresh styled-components, as a page loads it (its main sheet is made, and rehydrates, when the
 * module is evaluated), with the React it renders with.
 */
function load(): Libraries {
  let libraries!: Libraries;
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    libraries = {
      styled: require('styled-components'),
      act: require('react').act,
      hydrateRoot: require('react-dom/client').hydrateRoot,
      renderToString: require('react-dom/server').renderToString,
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  return libraries;
}

/** The page's components, defined against one copy of the library (ids follow definition order). */
function definePage({ default: styled, createGlobalStyle }: StyledModule) {
  const Global = createGlobalStyle`body { margin: 0; }`;
  const Title = styled.h1<{ $tone: 'calm' | 'loud' }>`
    font-size: 2rem;
    color: ${({ $tone }) => ($tone === 'loud' ? 'red' : 'navy')};
  `;
  const Card = styled.article`
    padding: 8px;
    @media (max-width: 480px) {
      padding: 4px;
    }
  `;
  const Page = ({ tone }: { tone: 'calm' | 'loud' }) => (
    <>
      <Global />
      <Card>
        <Title $tone={tone}>記事</Title>
      </Card>
    </>
  );
  return Page;
}

/** What the shell's server sends: the markup and its styles, marked `active` (renderPage.tsx). */
function serverRender() {
  const { styled, renderToString } = load();
  const Page = definePage(styled);
  const sheet = new styled.ServerStyleSheet();
  const markup = renderToString(sheet.collectStyles(<Page tone="calm" />));
  const styles = sheet.getStyleTags().replace(/ data-styled="true"/g, ' data-styled="active"');
  sheet.seal();
  return { markup, styles, version: styled.version };
}

const styleElements = () => [...document.querySelectorAll('style')];
const ruleTexts = (element: HTMLStyleElement) => [...element.sheet!.cssRules].map((rule) => rule.cssText);

describe('adopting the server-rendered style element', () => {
  const previousSpeedy = process.env.SC_DISABLE_SPEEDY;

  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // Production's CSSOM injection (styled-components uses text nodes outside production).
    process.env.SC_DISABLE_SPEEDY = 'false';
  });
  afterAll(() => {
    process.env.SC_DISABLE_SPEEDY = previousSpeedy;
  });
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  /** The served page in the document, then the browser's styled-components taking its styles over. */
  function receiveServedPage() {
    const { markup, styles } = serverRender();
    document.head.innerHTML = styles;
    document.body.innerHTML = `<div id="root">${markup}</div>`;
    const server = document.querySelector('style')!;
    const before = ruleTexts(server);
    const libraries = load();
    const outcome = adoptServerStyles(libraries.styled.__PRIVATE__, libraries.styled.version);
    return { ...libraries, server, before, outcome, root: document.getElementById('root')! };
  }

  it('keeps the server element and its rules, and hydrating inserts nothing again', async () => {
    const { styled, act, hydrateRoot, server, before, outcome, root } = receiveServedPage();
    expect(outcome).toBe('adopted');
    const Page = definePage(styled);
    await act(async () => {
      hydrateRoot(root, <Page tone="calm" />);
    });

    expect(styleElements()).toEqual([server]);
    expect(ruleTexts(server)).toEqual(before);
    expect(document.querySelector('h1')!.className).toMatch(/\S/);
  });

  it("inserts a class the server did not render at its component's place", async () => {
    const { styled, act, hydrateRoot, server, before, root } = receiveServedPage();
    const Page = definePage(styled);
    let app!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      app = hydrateRoot(root, <Page tone="calm" />);
    });
    await act(async () => app.render(<Page tone="loud" />));

    const after = ruleTexts(server);
    expect(styleElements()).toEqual([server]);
    expect(after).toHaveLength(before.length + 1);
    const added = after.find((rule) => !before.includes(rule))!;
    expect(added).toMatch(/color: red/);
    // In Title's group (its server rule, then its marker, which the group's size counts), still
    // ahead of Card's group, defined after Title: the cascade order styled-components keeps.
    const isMarker = (rule: string) => /^data-styled\.g\d+/.test(rule);
    const calm = after.findIndex((rule) => /color: navy/.test(rule));
    const titleMarker = after.findIndex((rule, index) => index > calm && isMarker(rule));
    expect(after.indexOf(added)).toBe(titleMarker + 1);
    expect(after.findIndex((rule) => /padding: 8px/.test(rule))).toBe(titleMarker + 2);
    expect(getComputedStyle(document.querySelector('h1')!).color).toBe('rgb(255, 0, 0)');
  });

  it('hands a sheet it cannot read back to styled-components, which restyles the page as before', () => {
    const { styles } = serverRender();
    // A rule after the last group's marker: not a sheet styled-components wrote.
    document.head.innerHTML = styles.replace('</style>', 'p{color:blue;}/*!sc*/\n</style>');
    const server = document.querySelector('style')!;

    const { styled } = load();
    expect(adoptServerStyles(styled.__PRIVATE__, styled.version)).toBe('rehydrated');

    expect(server.isConnected).toBe(false);
    const [active] = styleElements();
    expect(active!.getAttribute('data-styled')).toBe('active');
    expect(ruleTexts(active!).join('\n')).toMatch(/font-size: 2rem/);
  });

  it("leaves pages without server styles, and another version's, to styled-components", () => {
    const { styled } = load();
    expect(adoptServerStyles(styled.__PRIVATE__, styled.version)).toBe('none');

    const { styles } = serverRender();
    document.head.innerHTML = styles.replace(/data-styled-version="[^"]+"/, 'data-styled-version="0.0.1"');
    const other = load().styled;
    expect(adoptServerStyles(other.__PRIVATE__, other.version)).toBe('none');
  });

  it('leaves a page styled-components rehydrated itself (a server element not marked active) alone', () => {
    const { styles } = serverRender();
    document.head.innerHTML = styles.replace(' data-styled="active"', ' data-styled="true"');
    const { styled } = load();
    const [own] = styleElements();
    const rules = ruleTexts(own!);
    expect(rules.join('\n')).toMatch(/font-size: 2rem/);

    expect(adoptServerStyles(styled.__PRIVATE__, styled.version)).toBe('none');
    expect(styleElements()).toEqual([own]);
    expect(ruleTexts(own!)).toEqual(rules);
  });

  it('reads a server sheet as groups of rules, each closed by its marker', () => {
    const text =
      '.a{color:red;}/*!sc*/\n.b{color:blue;}/*!sc*/\ndata-styled.g1[id="sc-x"]{content:"a,b,"}/*!sc*/\n' +
      'data-styled.g3[id="sc-y"]{content:""}/*!sc*/\n';
    expect(parseServerSheet(text)).toEqual([
      { group: 1, id: 'sc-x', names: ['a', 'b'], rules: 2 },
      { group: 3, id: 'sc-y', names: [], rules: 0 },
    ]);
    expect(parseServerSheet(`${text}.c{color:green;}/*!sc*/\n`)).toBeNull();
  });
});
