/** The landing page's blocks in order: sanitised HTML, goods cards, number cards (same cards as home). */
import type { SinglePage } from '@haoka/contract';
import { RichHtml } from '../../../components/rich-html';
import { navigateTo } from '../../../platform/navigation';
import { GoodsCard } from '../../goods/components/goods-card';
import { NumberCard } from '../../numbers/components/number-card';

export const GOODS_DETAIL_PATH = '/pages/goods/general/index';
export const NUMBER_DETAIL_PATH = '/pages/goods/pretty/index';

export function LandingBlocks({ blocks }: { blocks: SinglePage['blocks'] }) {
  return (
    <div className="single-blocks">
      {blocks.map((block, index) => {
        const key = `${block.type}-${index}`;
        if (block.type === 'html') {
          return (
            <RichHtml key={key} html={block.html} className="single-block single-block--html" testId="single-block" />
          );
        }
        if (block.type === 'goods') {
          if (block.goods.length === 0) return null;
          return (
            <div key={key} className="single-block single-block--goods" data-testid="single-block">
              {block.goods.map((item) => (
                <GoodsCard
                  key={item.id}
                  item={item}
                  onClick={() => navigateTo(GOODS_DETAIL_PATH, { goodsId: item.id })}
                />
              ))}
            </div>
          );
        }
        if (block.numbers.length === 0) return null;
        return (
          <div key={key} className="single-block single-block--numbers" data-testid="single-block">
            {block.numbers.map((item) => (
              <NumberCard
                key={item.id}
                item={item}
                arrange={2}
                onClick={() => navigateTo(NUMBER_DETAIL_PATH, { numberId: item.id })}
              />
            ))}
          </div>
        );
      })}
    </div>
  );
}
