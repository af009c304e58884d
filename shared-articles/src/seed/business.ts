import type { BusinessArticle } from '../types';

/** The business dashboard's built-in service pages (spec section 3): biz001–biz005 of operator biz001. */
export const seedBusinessArticles: BusinessArticle[] = [
  {
    id: 'biz001',
    businessId: 'biz001',
    title: '事業者向け：生成AI導入セミナー〜小さく始めて成果を出す〜',
    slug: 'genai-adoption-seminar',
    date: '2025-08-01',
    category: 'AI活用',
    tag: '業務効率化,AI導入',
    articleType: 'seminar',
    image: 'https://images.unsplash.com/photo-1540575467063-178a50c2df87?w=800&q=80',
    url: 'https://ai-manabi.jp/business/events/genai-adoption-seminar',
    relatedArticles: ['biz004', 'biz005'],
    content: `<p>「生成AIが話題なのは分かるが、自社で何から始めればよいか分からない」――そんな経営者・管理職の方に向けた90分のオンラインセミナーです。中小企業の導入事例をもとに、費用をかけずに小さく始めて成果を出すまでの道筋を解説します。</p>
<h2>セミナーの内容</h2>
<ul>
<li>生成AIで「できること」と「まだ任せられないこと」</li>
<li>最初に取り組むべき業務の選び方（メール・議事録・社内FAQ）</li>
<li>従業員10名の会社が3か月で月40時間を削減した事例</li>
<li>社内ルールと情報漏えい対策の基本</li>
</ul>
<h2>こんな方におすすめ</h2>
<p>AIに詳しい担当者がいない、予算をかけずにまず試してみたい、現場の反発が心配――という企業の方に特におすすめです。専門用語はできるだけ使わず、明日から社内で試せる具体的な手順をお伝えします。</p>
<h2>開催概要</h2>
<p>オンライン（Zoom）開催、参加無料。終了後に当日の資料と、社内説明に使えるチェックリストをお送りします。質疑応答の時間も設けていますので、自社の状況に合わせたご質問もお気軽にどうぞ。</p>`,
  },
  {
    id: 'biz002',
    businessId: 'biz001',
    title: '事業者向け：AIで作るSNS集客ワークショップ',
    slug: 'ai-sns-marketing-workshop',
    date: '2025-08-03',
    category: 'マーケティング',
    tag: 'マーケティング,SNS',
    articleType: 'workshop',
    image: 'https://images.unsplash.com/photo-1432888622747-4eb9a8efeb07?w=800&q=80',
    url: 'https://ai-manabi.jp/business/events/ai-sns-marketing-workshop',
    relatedArticles: ['biz001'],
    content: `<p>店舗や小規模事業者のSNS担当者向けに、生成AIを使って投稿の企画から文章・画像づくりまでを体験する実践型ワークショップです。参加者ご自身のアカウントを題材に、その場で1か月分の投稿計画を作り上げます。</p>
<h2>ワークショップで作るもの</h2>
<ul>
<li>ターゲット像（ペルソナ）と発信テーマの整理</li>
<li>季節のイベントに合わせた1か月分の投稿カレンダー</li>
<li>投稿文とハッシュタグの案、画像テンプレート</li>
</ul>
<h2>AIを使うときのポイントも解説</h2>
<p>AIが作る文章は、そのままでは「どこかで見たような」投稿になりがちです。お店ならではの言葉や写真をどう組み合わせるか、景品表示法などで注意すべき表現は何かといった、現場で迷いやすいポイントも丁寧に解説します。</p>
<h2>参加にあたって</h2>
<p>ノートパソコンをご持参ください。少人数制のため、講師が一人ひとりの投稿に具体的なアドバイスを行います。終了後1か月間は、LINEで投稿内容の相談を受け付けます。</p>`,
  },
  {
    id: 'biz003',
    businessId: 'biz001',
    title: '事業者向け：経理業務のAI活用ガイド〜請求書処理から月次決算まで〜',
    slug: 'ai-accounting-guide',
    date: '2025-08-05',
    category: '会計・経理',
    tag: '業務効率化,会計',
    articleType: 'guide',
    image: 'https://images.unsplash.com/photo-1554224154-26032ffc0d07?w=800&q=80',
    url: 'https://ai-manabi.jp/business/guides/ai-accounting',
    relatedArticles: ['biz005', 'biz004'],
    content: `<p>経理の仕事は、請求書の確認、仕訳、経費精算のチェックなど、正確さが求められる定型作業の連続です。このガイドでは、生成AIとクラウド会計ソフトを組み合わせて、経理業務の手間を減らす方法を段階的に紹介します。</p>
<h2>AIに任せやすい作業</h2>
<ul>
<li>請求書や領収書の読み取りと、取引先・金額・日付の一覧化</li>
<li>勘定科目の候補の提案と、摘要欄の文章づくり</li>
<li>経費精算のルールに照らした申請内容の一次チェック</li>
<li>月次の数字の変化を説明するコメントの下書き</li>
</ul>
<h2>人が必ず確認すべきこと</h2>
<p>最終的な仕訳や税務上の判断は、必ず経理担当者や税理士が確認してください。AIは過去の傾向から「それらしい」答えを出すため、例外的な取引や法改正への対応は苦手です。電子帳簿保存法やインボイス制度の要件を満たす保存方法も、あわせて確認しましょう。</p>
<h2>導入の進め方</h2>
<p>まずは1か月分の経費精算だけを対象に試し、かかった時間とミスの数を記録します。効果が確認できたら対象業務を広げていくのが、失敗しない進め方です。</p>`,
  },
  {
    id: 'biz004',
    businessId: 'biz001',
    title: '事業者向け：AIで進める働き方改革セミナー',
    slug: 'ai-work-style-reform-seminar',
    date: '2025-08-08',
    category: '働き方改革',
    tag: '働き方改革,生産性',
    articleType: 'seminar',
    image: 'https://images.unsplash.com/photo-1522071820081-009f0129c71c?w=800&q=80',
    url: 'https://ai-manabi.jp/business/events/ai-work-style-reform-seminar',
    relatedArticles: ['biz001', 'biz003'],
    content: `<p>人手不足や長時間労働の解消は、多くの企業にとって切実な課題です。本セミナーでは、生成AIを「従業員の負担を減らす道具」として活用し、働き方改革を進めるための考え方と実践例を紹介します。</p>
<h2>主なテーマ</h2>
<ul>
<li>業務の棚卸しと「AIに任せる作業」の見つけ方</li>
<li>資料作成・問い合わせ対応・社内文書の時間削減事例</li>
<li>テレワークや時短勤務とAI活用の組み合わせ</li>
<li>従業員のAIスキルを底上げする社内研修の進め方</li>
</ul>
<h2>「導入して終わり」にしないために</h2>
<p>ツールを導入しても、使われなければ効果は生まれません。現場のリーダーを巻き込む方法、成功事例を社内で共有する仕組み、削減できた時間を何に使うかを決める重要性など、定着までのポイントを具体的にお話しします。</p>
<h2>開催概要</h2>
<p>オンライン開催・参加無料。人事・総務のご担当者、経営者の方を対象としています。アンケートにご回答いただいた方には、業務棚卸しシートのテンプレートを差し上げます。</p>`,
  },
  {
    id: 'biz005',
    businessId: 'biz001',
    title: '事業者向け：ノーコードで始めるAIデータ分析ワークショップ',
    slug: 'no-code-ai-data-analysis-workshop',
    date: '2025-08-10',
    category: 'データ分析',
    tag: 'データ分析,業務効率化',
    articleType: 'workshop',
    image: 'https://images.unsplash.com/photo-1551288049-bebda4e38f71?w=800&q=80',
    url: 'https://ai-manabi.jp/business/events/no-code-ai-data-analysis-workshop',
    relatedArticles: ['biz003', 'biz002'],
    content: `<p>売上データや顧客アンケートは手元にあるのに、分析する時間もスキルもない――そんな悩みを持つ事業者の方向けのワークショップです。プログラミングを使わず、生成AIとスプレッドシートだけでデータから気づきを得る方法を体験します。</p>
<h2>体験する内容</h2>
<ul>
<li>売上データの集計とグラフ化をAIに手伝ってもらう</li>
<li>アンケートの自由記述を分類し、よくある意見を要約する</li>
<li>分析結果から次の打ち手を考えるための質問の仕方</li>
</ul>
<h2>データを扱うときの注意点</h2>
<p>顧客の氏名や連絡先を含むデータは、個人が特定できない形に加工してから扱います。ワークショップでは、安全にデータを準備する手順もあわせて学びます。AIの分析結果をうのみにせず、元のデータで確かめる習慣も身につけましょう。</p>
<h2>参加にあたって</h2>
<p>サンプルデータを用意していますので、自社データがなくても参加できます。表計算ソフトの基本操作ができる方が対象です。</p>`,
  },
];
