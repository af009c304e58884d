/** Product-wide constants: names and outbound links shown across the site. */
export const site = {
  productName: 'AIまなび',
  productNameLatin: 'AI Manabi',
  companyName: '株式会社AIまなび',
  companyUrl: 'https://ai-manabi.co.jp/',
  lineFriendUrl: 'https://line.me/R/ti/p/@ai-manabi',
  defaultShareImage: '/og-default.png',
} as const;
