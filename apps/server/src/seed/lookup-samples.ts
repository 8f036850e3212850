/**
 * The demo samples of the lookup databases (seed/lookups.ts inserts them): what a cost consultant in 南京 and 苏州
 * looks up — quarterly 造价指标 by project type with their parts, unit prices of labour, materials and machinery,
 * the talent and expert pools, materials with their monthly information prices, knowledge articles on cost
 * consulting and enterprises with their qualifications. Values follow a fixed pseudo-random sequence, so every
 * installation shows the same numbers.
 */
import { QUALIFICATION_LEVELS } from './lookup-articles.ts';

/** A repeatable sequence in [0, 1) (a linear congruential generator). */
export function sequence(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export const REGIONS: [code: string, name: string, factor: number][] = [
  ['320100', '南京市', 1],
  ['320500', '苏州市', 1.045],
];

/** The quarters published: 2024Q1 … 2026Q3 (2026Q4 is not out before the year ends). */
export const PERIODS: string[] = [2024, 2025, 2026].flatMap((y) => [1, 2, 3, 4].map((q) => `${y}Q${q}`)).filter((p) => p <= '2026Q3');

/** The project types (dictionary db_project_type): key, name, structure, 南京 2024Q1 cost per m², parts [name, share %]. */
export const PROJECT_TYPES: [key: string, name: string, structure: string, base: number, parts: [string, number][]][] = [
  [
    '1',
    '住宅',
    '剪力墙结构',
    2650,
    [
      ['土建工程', 56],
      ['安装工程', 19],
      ['装饰工程', 18],
      ['室外配套工程', 7],
    ],
  ],
  [
    '2',
    '办公',
    '框架-剪力墙结构',
    3850,
    [
      ['土建工程', 48],
      ['安装工程', 26],
      ['装饰工程', 21],
      ['室外配套工程', 5],
    ],
  ],
  [
    '3',
    '商业综合体',
    '框架结构',
    4300,
    [
      ['土建工程', 45],
      ['安装工程', 28],
      ['装饰工程', 23],
      ['室外配套工程', 4],
    ],
  ],
  [
    '4',
    '学校',
    '框架结构',
    3300,
    [
      ['土建工程', 52],
      ['安装工程', 22],
      ['装饰工程', 19],
      ['室外配套工程', 7],
    ],
  ],
  [
    '5',
    '医院',
    '框架-剪力墙结构',
    5200,
    [
      ['土建工程', 40],
      ['安装工程', 36],
      ['装饰工程', 19],
      ['室外配套工程', 5],
    ],
  ],
  [
    '6',
    '酒店',
    '框架-剪力墙结构',
    5600,
    [
      ['土建工程', 38],
      ['安装工程', 30],
      ['装饰工程', 28],
      ['室外配套工程', 4],
    ],
  ],
  [
    '7',
    '工业厂房',
    '钢结构',
    2100,
    [
      ['土建工程', 62],
      ['安装工程', 24],
      ['装饰工程', 8],
      ['室外配套工程', 6],
    ],
  ],
  [
    '8',
    '地下车库',
    '框架结构',
    3900,
    [
      ['土建工程', 70],
      ['安装工程', 20],
      ['装饰工程', 6],
      ['人防工程', 4],
    ],
  ],
  [
    '9',
    '幼儿园',
    '框架结构',
    3450,
    [
      ['土建工程', 50],
      ['安装工程', 21],
      ['装饰工程', 22],
      ['室外配套工程', 7],
    ],
  ],
  [
    '10',
    '体育馆',
    '钢结构',
    4800,
    [
      ['土建工程', 47],
      ['安装工程', 27],
      ['装饰工程', 22],
      ['室外配套工程', 4],
    ],
  ],
];

/** Types of the dictionary beyond those with samples (the dictionary of a real price database is longer). */
export const MORE_PROJECT_TYPES = [
  '别墅',
  '保障性住房',
  '养老院',
  '图书馆',
  '文化馆',
  '科研楼',
  '仓储物流',
  '市政道路',
  '桥梁',
  '排水管网',
  '园林绿化',
  '轨道交通',
];

/** Unit prices: category key (db_unit_price_category), code, name, spec, unit, 南京 2024Q1 price. */
export const UNIT_PRICES: [string, string, string, string, string, number][] = [
  ['1', 'RG001', '普工', '综合', '工日', 128],
  ['1', 'RG002', '一般技工', '综合', '工日', 168],
  ['1', 'RG003', '高级技工', '综合', '工日', 215],
  ['1', 'RG004', '钢筋工', '综合', '工日', 185],
  ['1', 'RG005', '木工(模板)', '综合', '工日', 198],
  ['2', 'CL001', '热轧带肋钢筋', 'HRB400 Φ12-25', 't', 3960],
  ['2', 'CL002', '普通硅酸盐水泥', 'P.O 42.5 散装', 't', 455],
  ['2', 'CL003', '预拌混凝土', 'C30', 'm³', 468],
  ['2', 'CL004', '预拌混凝土', 'C35', 'm³', 486],
  ['2', 'CL005', '中砂', '河砂', 't', 118],
  ['2', 'CL006', '碎石', '5-31.5mm', 't', 102],
  ['2', 'CL007', '蒸压加气混凝土砌块', 'B06 600×240×200', 'm³', 285],
  ['2', 'CL008', '铜芯聚氯乙烯绝缘电线', 'BV-2.5mm²', '100m', 186],
  ['3', 'JX001', '履带式单斗挖掘机', '1m³', '台班', 1320],
  ['3', 'JX002', '自升式塔式起重机', '600kN·m', '台班', 985],
  ['3', 'JX003', '混凝土输送泵', '60m³/h', '台班', 1560],
];

export const UNIT_PRICE_CATEGORIES: [string, string][] = [
  ['1', '人工'],
  ['2', '材料'],
  ['3', '施工机械台班'],
  ['4', '分部分项工程'],
  ['5', '措施项目'],
];

/** The talent and expert trees: pool, top category, its children with their specialities. */
export const TALENT_TREE: [pool: 1 | 2, top: string, children: [string, string[]][]][] = [
  [
    1,
    '造价咨询',
    [
      ['土建造价', ['房屋建筑工程', '装配式建筑', '人防工程']],
      ['安装造价', ['给排水工程', '电气工程', '暖通空调工程']],
      ['市政造价', ['道路桥梁工程', '市政管网工程']],
    ],
  ],
  [
    1,
    '工程管理',
    [
      ['项目管理', ['全过程咨询', 'BIM应用']],
      ['招标代理', ['工程招标', '政府采购']],
    ],
  ],
  [
    1,
    '工程监理',
    [
      ['房建监理', ['房屋建筑工程监理']],
      ['市政监理', ['市政公用工程监理']],
    ],
  ],
  [
    2,
    '评标专家',
    [
      ['工程造价', ['建筑工程计量与计价', '安装工程计量与计价']],
      ['工程技术', ['结构工程', '岩土工程']],
    ],
  ],
  [
    2,
    '审计专家',
    [
      ['结算审计', ['竣工结算审核', '跟踪审计']],
      ['财务审计', ['建设项目财务决算']],
    ],
  ],
  [2, '鉴定专家', [['造价鉴定', ['司法造价鉴定', '工程纠纷调解']]]],
];

export const CERTIFICATES: [name: string, level: string, issuer: string][] = [
  ['一级造价工程师', '1', '江苏省住房和城乡建设厅'],
  ['二级造价工程师', '2', '江苏省住房和城乡建设厅'],
  ['一级注册建造师', '1', '住房和城乡建设部'],
  ['注册监理工程师', '1', '住房和城乡建设部'],
  ['咨询工程师(投资)', '1', '中国工程咨询协会'],
  ['高级工程师', '3', '江苏省人力资源和社会保障厅'],
  ['工程师', '4', '江苏省人力资源和社会保障厅'],
];
export const CERTIFICATE_LEVELS: [string, string][] = [
  ['1', '一级'],
  ['2', '二级'],
  ['3', '高级'],
  ['4', '中级'],
  ['5', '初级'],
];

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁沈任姚卢钟';
const GIVEN = [
  '建国',
  '志强',
  '海燕',
  '丽华',
  '明',
  '静',
  '伟',
  '芳',
  '晓东',
  '文杰',
  '雪梅',
  '国平',
  '立新',
  '红',
  '俊',
  '婷',
  '卫东',
  '秀英',
  '浩然',
  '思远',
  '佳怡',
  '宏伟',
  '玉兰',
  '正阳',
];
export const personName = (i: number) => `${SURNAMES[(i * 7) % SURNAMES.length]}${GIVEN[(i * 5 + 3) % GIVEN.length]}`;

export const WORK_UNITS = [
  '华建工程咨询有限公司',
  '江苏苏亚金诚工程管理咨询有限公司',
  '南京永道工程造价咨询有限公司',
  '苏州天正工程咨询有限公司',
  '江苏建科工程咨询有限公司',
  '东南大学建筑设计研究院有限公司',
  '苏州市建设工程造价管理处',
  '南京市建设工程造价管理站',
];

/** Material categories: top, code, its children [name, code, materials: code suffix, name, spec, unit, brand, 南京 price]. */
export const MATERIAL_TREE: [string, string, [string, string, [string, string, string, string, string, number][]][]][] = [
  [
    '黑色及有色金属',
    '01',
    [
      [
        '钢筋',
        '0101',
        [
          ['01', '热轧带肋钢筋', 'HRB400E Φ16', 't', '沙钢', 3920],
          ['02', '热轧光圆钢筋', 'HPB300 Φ8', 't', '南钢', 4050],
        ],
      ],
      [
        '型钢',
        '0102',
        [
          ['01', '热轧H型钢', 'HW300×300', 't', '马钢', 4180],
          ['02', '镀锌钢管', 'DN100', 't', '友发', 5230],
        ],
      ],
    ],
  ],
  [
    '水泥、砖瓦灰砂石及混凝土',
    '02',
    [
      [
        '水泥',
        '0201',
        [
          ['01', '普通硅酸盐水泥', 'P.O 42.5 散装', 't', '海螺', 448],
          ['02', '复合硅酸盐水泥', 'P.C 32.5 袋装', 't', '中联', 402],
        ],
      ],
      [
        '预拌混凝土',
        '0202',
        [
          ['01', '预拌混凝土', 'C30', 'm³', '本地商砼', 470],
          ['02', '预拌混凝土', 'C40', 'm³', '本地商砼', 512],
          ['03', '预拌砂浆', 'M10 湿拌', 'm³', '本地商砼', 398],
        ],
      ],
      [
        '砂石及砌块',
        '0203',
        [
          ['01', '中砂', '细度模数2.3-3.0', 't', '长江砂', 116],
          ['02', '碎石', '5-31.5mm', 't', '本地', 98],
          ['03', '蒸压加气混凝土砌块', 'B06', 'm³', '本地', 282],
        ],
      ],
    ],
  ],
  [
    '电气材料',
    '03',
    [
      [
        '电线电缆',
        '0301',
        [
          ['01', '铜芯聚氯乙烯绝缘电线', 'BV-4mm²', '100m', '远东', 285],
          ['02', '交联聚乙烯绝缘电力电缆', 'YJV-4×95+1×50', 'm', '宝胜', 428],
        ],
      ],
      [
        '照明及开关',
        '0302',
        [
          ['01', 'LED平板灯', '600×600 36W', '套', '欧普', 118],
          ['02', '单联单控开关', '86型 10A', '个', '公牛', 14],
        ],
      ],
    ],
  ],
  [
    '给排水及暖通材料',
    '04',
    [
      [
        '管材',
        '0401',
        [
          ['01', 'PP-R给水管', 'De32 S5', 'm', '伟星', 16],
          ['02', 'HDPE双壁波纹管', 'DN400 SN8', 'm', '联塑', 198],
        ],
      ],
      [
        '阀门',
        '0402',
        [
          ['01', '闸阀', 'Z41H-16C DN100', '个', '上海沪工', 860],
          ['02', '蝶阀', 'D71X-16 DN150', '个', '天津塘沽', 640],
        ],
      ],
    ],
  ],
];

/** The months of the information-price history: 2025-10 … 2026-09. */
export const PRICE_MONTHS: string[] = Array.from({ length: 12 }, (_, i) => {
  const m = ((9 + i) % 12) + 1;
  return `${m >= 10 && i < 3 ? 2025 : 2026}-${String(m).padStart(2, '0')}`;
});

/** The business dictionaries of the lookup pages (added to seed/data.ts `bizDicts`). */
export const lookupDicts: Record<string, { name: string; items: [string, string][] }> = {
  db_project_type: {
    name: '工程类型',
    items: [
      ...PROJECT_TYPES.map(([k, n]): [string, string] => [k, n]),
      ...MORE_PROJECT_TYPES.map((n, i): [string, string] => [String(PROJECT_TYPES.length + i + 1), n]),
    ],
  },
  db_unit_price_category: { name: '单价指标类别', items: UNIT_PRICE_CATEGORIES },
  db_pool: {
    name: '人才专家库',
    items: [
      ['1', '人才库'],
      ['2', '专家库'],
    ],
  },
  db_certificate_level: { name: '证书等级', items: CERTIFICATE_LEVELS },
  db_qualification_level: { name: '资质等级', items: QUALIFICATION_LEVELS },
};
