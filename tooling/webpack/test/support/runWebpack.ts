import webpack from 'webpack';

/**
 * Runs one webpack build to the end, its compiler closed (a persistent cache is written then);
 * rejects on a fatal error or a compilation error.
 */
export function runWebpack(config: webpack.Configuration): Promise<webpack.Stats> {
  const compiler = webpack(config);
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) =>
      compiler.close((closeError) => {
        if (error || closeError || !stats) reject(error ?? closeError ?? new Error('webpack gave no stats'));
        else if (stats.hasErrors()) reject(new Error(stats.toString('errors-only')));
        else resolve(stats);
      }),
    ),
  );
}
