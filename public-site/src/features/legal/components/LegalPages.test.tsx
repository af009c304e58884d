import { screen } from '@testing-library/react';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';
import { renderApp } from 'shared-data/testing';

const sectionHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('PrivacyPage', () => {
  beforeEach(() => renderApp(<PrivacyPage />, { path: '/privacy', url: '/privacy' }));

  it('has nine numbered sections in the order of the spec and the revision date', () => {
    expect(sectionHeadings()).toEqual([
      '1. はじめに',
      '2. 収集する情報',
      '3. 利用目的',
      '4. 第三者への提供',
      '5. 情報の保護',
      '6. Cookieの使用',
      '7. 利用者の権利',
      '8. ポリシーの変更',
      '9. お問い合わせ',
    ]);
    expect(screen.getByText('最終更新日：2025年5月30日')).toBeInTheDocument();
    expect(document.title).toBe('プライバシーポリシー | AIまなび');
  });

  it.each(['LINEのユーザーID', 'アクセスログ', 'IPアドレス', '端末情報', 'お問い合わせの内容', '閲覧履歴'])(
    'lists the collected information: %s',
    (text) => {
      expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
    },
  );

  it.each(['開示（アクセス）', '訂正', '削除', '利用の停止・制限', 'データポータビリティ'])(
    'names the right: %s',
    (right) => {
      expect(screen.getAllByText(new RegExp(right.replace(/[()（）]/g, '.'))).length).toBeGreaterThan(0);
    },
  );
});

describe('TermsPage', () => {
  beforeEach(() => renderApp(<TermsPage />, { path: '/terms', url: '/terms' }));

  it('has nine numbered sections and the revision date', () => {
    expect(sectionHeadings()).toEqual([
      '1. はじめに',
      '2. サービスの利用',
      '3. 禁止事項',
      '4. 知的財産権',
      '5. 免責事項',
      '6. サービスの停止・変更',
      '7. 規約の変更',
      '8. 通知・連絡',
      '9. 準拠法・裁判管轄',
    ]);
    expect(screen.getByText('最終更新日：2025年5月30日')).toBeInTheDocument();
  });

  it.each([
    '日本国内に居住する方',
    '当社が定める方法',
    '正確かつ最新の状態',
    '第三者に利用させ',
    '全世界において、非独占的、無償、かつサブライセンス可能および譲渡可能',
    '日本法を準拠法',
    '東京地方裁判所を第一審の専属的合意管轄裁判所',
  ])('says: %s', (text) => {
    expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
  });
});
