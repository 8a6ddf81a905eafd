/**
 * Deposit and withdrawal chains of the demo platform: [currency, chain, deposit address, minimum deposit,
 * minimum withdrawal, withdrawal fee]. The addresses are well-formed examples for a demo platform, not
 * anyone's wallet. Stocks have no chain: they are bought with USDT.
 */
export type ChainRow = [currency: string, chain: string, address: string, depositMin: string, withdrawMin: string, withdrawFee: string];

export const CHAINS: ChainRow[] = [
  ['USDT', 'TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', '10', '20', '1'],
  ['USDT', 'ERC20', '0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE', '10', '50', '5'],
  ['BTC', 'BTC', 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', '0.0001', '0.001', '0.0002'],
  ['ETH', 'ERC20', '0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE', '0.001', '0.01', '0.002'],
  ['BNB', 'BEP20', '0x8894E0a0c962CB723c1976a4421c95949bE2D4E3', '0.01', '0.05', '0.001'],
  ['SOL', 'SOL', '5tzFkiKscXHK5ZXCGbXZxdw7gTjjD1mBwuoFbhUvuAi9', '0.01', '0.1', '0.01'],
  ['XRP', 'XRP', 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', '1', '20', '0.25'],
  ['DOGE', 'DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', '10', '50', '4'],
  ['ADA', 'ADA', 'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x', '1', '10', '1'],
  ['TRX', 'TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', '1', '10', '1'],
  ['LTC', 'LTC', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea', '0.01', '0.1', '0.001'],
  ['DOT', 'DOT', '1qnJN7FViy3HZaxZK9tGAA71zxHSBeUweirKqCaox4t8GT7', '1', '2', '0.1'],
  ['LINK', 'ERC20', '0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE', '0.1', '1', '0.3'],
];
