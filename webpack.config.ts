/**
 * The app bundle: the runtime only. Screens, forms and messages are configuration, served by the server at
 * run time (src/server/configuration), so changing them needs no build. No eval anywhere (the app runs
 * under a CSP without 'unsafe-eval'): production has no source maps, development uses 'source-map'.
 * Messages arrive as precompiled ASTs, so react-intl's ICU parser is replaced by its no-parser build.
 *   npx webpack --mode production      -> dist/
 *   npx webpack serve --mode development  (port 3000, /api, /uploads, /config, /socket.io -> 127.0.0.1:8080)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import type { Compiler, Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { CHUNK_FILES, SCREEN_RUNTIME_CHUNK } from './src/shared/screens/widgetChunks';
import { COIN_ICON_DIR, COIN_ICON_FILES } from './src/shared/coinIcons';

const root = __dirname;
const backend = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/** The libraries every page needs before it is interactive go to one long-cached vendor chunk. */
const VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run|swr|use-sync-external-store|react-intl|@formatjs|intl-messageformat|tslib)[\\/]/;

/** Assets worth compressing (the HTML is served with the configuration inlined, compressed by the server). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

/**
 * Writes chunk-files.json: every file of the screen runtime's, each widget's and each named component's chunk
 * group (its own chunk and the split chunks it needs), which the server preloads in the HTML for the first
 * screen (the runtime, and the widgets and components the inlined home screen draws;
 * src/server/configuration/http.ts), so they download beside main instead of after it.
 */
class ChunkFiles {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ChunkFiles', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ChunkFiles', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        // What the page's own script tags load (runtime, vendor, main) is not listed again.
        const loaded = new Set([...compilation.entrypoints.values()].flatMap((entry) => entry.chunks.flatMap((chunk) => [...chunk.files])));
        const files: Record<string, string[]> = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          if (name !== SCREEN_RUNTIME_CHUNK && !name.startsWith('widget-') && !name.startsWith('component-')) continue;
          files[name] = group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => /\.(js|css)$/.test(file) && !loaded.has(file)).sort();
        }
        if (!files[SCREEN_RUNTIME_CHUNK]) throw new Error(`webpack: no chunk named ${SCREEN_RUNTIME_CHUNK} (see webpackChunkName in src/client/shell/screenModules.ts)`);
        compilation.emitAsset(CHUNK_FILES, new sources.RawSource(JSON.stringify(files)));
      });
    });
  }
}

/**
 * Copies the listed coins' icons from the package `cryptocurrency-icons` (CC0) to `coins/<symbol>.svg`: only
 * those of src/shared/coinIcons.ts, as files of their own (no chunk holds them; a row loads its coin's).
 */
class CoinIcons {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    const dir = path.join(path.dirname(require.resolve('cryptocurrency-icons/package.json')), 'svg', 'color');
    compiler.hooks.thisCompilation.tap('CoinIcons', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CoinIcons', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const [symbol, file] of Object.entries(COIN_ICON_FILES)) {
          const source = path.join(dir, `${file}.svg`);
          compilation.fileDependencies.add(source);
          compilation.emitAsset(`${COIN_ICON_DIR}/${symbol.toLowerCase()}.svg`, new sources.RawSource(fs.readFileSync(source)));
        }
      });
    });
  }
}

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration & { devServer?: DevServerConfiguration } => {
  const prod = (argv.mode ?? process.env.NODE_ENV) === 'production';
  return {
    mode: prod ? 'production' : 'development',
    context: root,
    target: ['web', 'es2020'],
    entry: { main: './src/client/main.tsx' },
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: prod ? '[name].[contenthash].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash][ext]',
      hashDigestLength: 10,
      chunkLoadTimeout: 120_000,
      clean: true,
    },
    // No eval-based devtool in any mode.
    devtool: prod ? false : 'source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: {
        '@formatjs/icu-messageformat-parser$': path.join(root, 'node_modules/@formatjs/icu-messageformat-parser/no-parser.js'),
        'markdown-to-jsx/react$': path.join(root, 'src/client/forms/markdownStub.tsx'),
      },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !prod } },
                target: 'es2020',
              },
              sourceMaps: !prod,
            },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/i, type: 'asset' },
      ],
    },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: prod ? 'deterministic' : 'named',
      runtimeChunk: 'single',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          vendor: { test: VENDOR, name: 'vendor', chunks: 'initial', priority: 20, enforce: true },
        },
      },
      minimizer: ['...', new CssMinimizerPlugin()],
    },
    performance: { hints: false },
    plugins: [
      new MiniCssExtractPlugin({
        filename: prod ? '[name].[contenthash].css' : '[name].css',
        chunkFilename: prod ? '[name].[contenthash].css' : '[name].css',
      }),
      new HtmlWebpackPlugin({ template: './src/client/index.html', scriptLoading: 'defer' }),
      new ChunkFiles(),
      new CoinIcons(),
      // Brotli and gzip copies beside each asset, served by content negotiation (src/server/static.ts).
      ...(prod ? [
        new CompressionPlugin<zlib.BrotliOptions>({
          filename: '[path][base].br', algorithm: 'brotliCompress', test: COMPRESSIBLE, threshold: 1024, minRatio: 0.9,
          compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
        }),
        new CompressionPlugin({
          filename: '[path][base].gz', algorithm: 'gzip', test: COMPRESSIBLE, threshold: 1024, minRatio: 0.9,
          compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
        }),
      ] : []),
    ],
    devServer: {
      port: 3000,
      hot: true,
      historyApiFallback: false,
      client: { overlay: { errors: true, warnings: false } },
      proxy: [
        { context: ['/api', '/uploads', '/config'], target: backend, changeOrigin: false },
        { context: ['/socket.io'], target: backend, ws: true },
      ],
    },
  };
};
