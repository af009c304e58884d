import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from 'shared-ui';

/** public-site's routes, mounted by the shell for /, /about, /contents/*, /articles/*, /privacy, /terms. */
export default function PublicSiteRoutes() {
  return (
    <Routes>
      <Route path="/" element={<h1 data-marker="public-site">ホーム</h1>} />
      <Route path="/about" element={<h1>私たちについて</h1>} />
      <Route path="/articles" element={<h1>Articles</h1>} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
