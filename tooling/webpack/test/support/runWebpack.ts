import webpack from 'webpack';

/** Runs one webpack build to the end; rejects on a fatal error or a compilation error. */
export function runWebpack(config: webpack.Configuration): Promise<webpack.Stats> {
  const compiler = webpack(config);
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) reject(error ?? new Error('webpack gave no stats'));
      else if (stats.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve(stats);
    }),
  );
}
