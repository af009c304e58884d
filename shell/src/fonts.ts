// Self-hosted fonts (spec: Noto Sans JP and Montserrat). These stylesheets split each font into
// unicode-range slices, so the browser downloads only the slices the page's characters need.
import '@fontsource/noto-sans-jp/400.css';
import '@fontsource/noto-sans-jp/700.css';
import '@fontsource/montserrat/latin-700.css';
