/** Published works behind the platform's models; shown on /help. Bibliographic data, not translated. */
export interface Reference {
  id: string;
  text: string;
  href?: string;
}

export const REFERENCES: Reference[] = [
  {
    id: 'sg1969',
    text: 'D. L. Scharfetter and H. K. Gummel, "Large-signal analysis of a silicon Read diode oscillator," IEEE Transactions on Electron Devices, vol. 16, no. 1, pp. 64–77, 1969.',
    href: 'https://doi.org/10.1109/T-ED.1969.16566',
  },
  {
    id: 'byrnes2016',
    text: 'S. J. Byrnes, "Multilayer optical calculations," arXiv:1603.02720, 2016.',
    href: 'https://arxiv.org/abs/1603.02720',
  },
  {
    id: 'xu2021',
    text: 'Xu, Wang, Li and Sha, Acta Physica Sinica, vol. 70, 098801, 2021.',
  },
  {
    id: 'sha2018',
    text: 'W. E. I. Sha et al., "Quantifying efficiency loss of perovskite solar cells by a modified detailed balance model," Advanced Energy Materials, vol. 8, 1701586, 2018.',
  },
  {
    id: 'sq1961',
    text: 'W. Shockley and H. J. Queisser, "Detailed balance limit of efficiency of p-n junction solar cells," Journal of Applied Physics, vol. 32, no. 3, pp. 510–519, 1961.',
    href: 'https://doi.org/10.1063/1.1736034',
  },
  {
    id: 'koster2005',
    text: 'L. J. A. Koster, E. C. P. Smits, V. D. Mihailetchi and P. W. M. Blom, "Device model for the operation of polymer/fullerene bulk heterojunction solar cells," Physical Review B, vol. 72, 085205, 2005 (the model of SIMsalabim).',
  },
  {
    id: 'simsalabim2022',
    text: 'M. Koopmans, V. M. Le Corre and L. J. A. Koster, "SIMsalabim: An open-source drift-diffusion simulator for semiconductor devices," Journal of Open Source Software, vol. 7, no. 70, 3727, 2022.',
  },
];
