/** Product-wide constants: names and outbound links shown across the site. */
export const site = {
  productName: 'AIまなび',
  productNameLatin: 'AI Manabi',
  companyName: '株式会社AIまなび',
  companyUrl: 'https://ai-manabi.co.jp/',
  lineFriendUrl: 'https://line.me/R/ti/p/@ai-manabi',
  defaultShareImage: '/og-default.png',
  /** The site's description: the <meta name="description"> of pages that have none of their own. */
  description: 'AIまなびは、LINEで気軽に生成AIを学べるAI初心者向けのメディアです。',
} as const;
