import { describe, expect, it } from 'vitest';
import { columnsOf, moveColumn, newColumn, placeColumn, RADIO_TYPE } from './columns';

const col = (columnName: string, extra = {}) => ({ ...newColumn(), columnName, columnDescribe: columnName.toUpperCase(), ...extra });

describe('form designer columns', () => {
  it('moves an item up and down, and ignores moves out of the list', () => {
    expect(moveColumn(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveColumn(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('appends and replaces columns, keeping only the settings of the type', () => {
    const one = placeColumn([], -1, col('amount', { format: 'money', dictTag: 'sex', modelPath: 'dept' }));
    expect(one).toEqual({ columns: [{ ...col('amount'), format: 'money' }] });
    const changed = placeColumn((one as { columns: never[] }).columns, 0, col('amount', { columnType: 4, format: 'money', modelPath: 'post' }));
    expect(changed).toEqual({ columns: [{ ...col('amount', { columnType: 4 }), modelPath: 'post' }] });
    const radio = placeColumn([], -1, col('kind', { columnType: RADIO_TYPE, dictTag: 'sex' }));
    expect(radio).toEqual({ columns: [{ ...col('kind', { columnType: RADIO_TYPE }), dictTag: 'sex' }] });
  });

  it('answers the server rule messages (parseFormColumns)', () => {
    expect(placeColumn([col('a')], -1, col('a'))).toEqual({ error: '字段名重复: a' });
    expect(placeColumn([], -1, col('city', { columnType: 2 }))).toEqual({ error: '下拉字段需选择字典: city' });
    expect(placeColumn([], -1, col('dept', { columnType: 4 }))).toEqual({ error: '树形字段需选择数据来源(dept或post): dept' });
    expect(placeColumn([], -1, col('1x'))).toEqual({ error: '字段名只能包含字母、数字和下划线,且以字母或下划线开头: 1x' });
  });

  it('reads stored content, and nothing from content it cannot read', () => {
    expect(columnsOf(JSON.stringify([col('a')]))).toEqual([col('a')]);
    expect(columnsOf('not json')).toEqual([]);
    expect(columnsOf(null)).toEqual([]);
  });
});
